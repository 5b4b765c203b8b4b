import KioskAPI
import PaymentsCore

extension Components.Schemas.UsageMeter {
    init(_ meter: PaymentsCore.UsageMeter) {
        let kind: KindPayload = switch meter.kind {
        case .limit: .limit
        case .interval: .interval
        case .flag: .flag
        }
        self.init(featureId: meter.featureID, featureName: meter.featureName, kind: kind, limit: meter.limit,
                  used: meter.used, resetsAt: meter.resetsAt, nextAvailableAt: meter.nextAvailableAt)
    }
}

extension Components.Schemas.PointsEntry {
    init(_ entry: PaymentsCore.PointsEntry) {
        self.init(id: entry.id, delta: entry.delta, balanceAfter: entry.balanceAfter, reason: entry.reason,
                  productId: entry.productID, invoiceId: entry.invoiceID, at: entry.at)
    }
}

extension Components.Schemas.Notice {
    init(_ notice: CustomerNotice) {
        let kind: KindPayload = switch notice.kind {
        case .purchaseSucceeded: .purchaseSucceeded
        case .trialStarted: .trialStarted
        case .renewalFailed: .renewalFailed
        case .refundIssued: .refundIssued
        case .trialEndingSoon: .trialEndingSoon
        }
        self.init(id: notice.id, kind: kind, title: notice.title, message: notice.message, at: notice.at)
    }
}

extension Components.Schemas.RestoreResult {
    init(_ result: PaymentsCore.RestoreResult) {
        self.init(
            subscriptions: result.subscriptions.map { subscription in
                .init(id: subscription.id, productId: subscription.productID, planId: subscription.planID,
                      hasAccess: subscription.hasAccess, hasBillingIssue: subscription.hasBillingIssue,
                      willAutoRenew: subscription.willAutoRenew, expiresAt: subscription.expiresAt,
                      storeStatus: .init(subscription.storeStatus), renewalState: .init(subscription.renewalState))
            },
            lifetime: result.nonConsumables.map(Components.Schemas.RestoredPurchase.init),
            passes: result.passes.map(Components.Schemas.RestoredPurchase.init),
            restoredAt: result.restoredAt)
    }
}

extension Components.Schemas.RestoredPurchase {
    init(_ purchase: PaymentsCore.RestoredPurchase) {
        self.init(id: purchase.id, productId: purchase.productID, transactionId: purchase.transactionID,
                  purchasedAt: purchase.purchasedAt, expiresAt: purchase.expiresAt, isActive: purchase.isActive)
    }
}

extension Components.Schemas.RestoreResult.SubscriptionsPayloadPayload.StoreStatusPayload {
    init(_ status: RestoreStoreStatus) {
        switch status {
        case .active: self = .active
        case .inTrial: self = .inTrial
        case .cancelled: self = .cancelled
        }
    }
}
