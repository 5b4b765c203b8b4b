import Foundation
import KioskAPI
import KioskAPIMapping
import PaymentsCore

extension Components.Schemas.Subscription {
    init(_ subscription: PaymentsCore.Subscription) {
        self.init(
            id: subscription.id, productId: subscription.productID, planId: subscription.planID,
            state: .init(subscription.state), periodType: .init(subscription.periodType),
            willAutoRenew: subscription.willAutoRenew, pendingProductId: subscription.pendingProductID,
            currentPeriodStart: subscription.currentPeriodStart, currentPeriodEnd: subscription.currentPeriodEnd,
            originalPurchaseDate: subscription.originalPurchaseDate, gracePeriodEndsAt: subscription.gracePeriodEndsAt,
            cancellationReason: subscription.cancellationReason?.rawValue, groupId: subscription.groupID,
            billingIssueDetectedAt: subscription.billingIssueDetectedAt,
            unsubscribeDetectedAt: subscription.unsubscribeDetectedAt,
            billingRetryEndsAt: subscription.billingRetryEndsAt,
            expirationReason: subscription.expirationReason.map(Components.Schemas.Subscription.ExpirationReasonPayload.init),
            revocationDate: subscription.revocationDate,
            revocationReason: subscription.revocationReason.map(Components.Schemas.Subscription.RevocationReasonPayload.init),
            periodAmountPaid: .init(subscription.periodAmountPaid), paymentMethodId: subscription.paymentMethodID)
    }
}

extension Components.Schemas.PlanChangePreview {
    init(_ preview: PaymentsCore.PlanChangePreview) {
        let kind: KindPayload = switch preview.kind {
        case .upgrade: .upgrade
        case .downgrade: .downgrade
        case .crossgrade: .crossgrade
        }
        var timing = TimingPayload.immediate
        var takesEffectAt: Foundation.Date?
        if case let .atRenewal(date) = preview.timing {
            timing = .atRenewal
            takesEffectAt = date
        }
        self.init(subscriptionId: preview.subscriptionID, fromProductId: preview.fromProductID,
                  toProductId: preview.toProductID, kind: kind, timing: timing, takesEffectAt: takesEffectAt,
                  newPrice: .init(preview.newPrice), creditForUnusedTime: .init(preview.creditForUnusedTime),
                  appliedBalance: .init(preview.appliedBalance), chargeNow: .init(preview.chargeNow),
                  balanceAfter: .init(preview.balanceAfter), nextChargeDate: preview.nextChargeDate,
                  nextChargeAmount: .init(preview.nextChargeAmount))
    }
}

extension Components.Schemas.PlanChangeResult {
    init(_ outcome: PlanChangeOutcome) {
        switch outcome {
        case let .changed(subscription, invoice):
            self.init(outcome: .changed, subscription: .init(subscription), invoice: .init(invoice))
        case let .scheduled(subscription):
            self.init(outcome: .scheduled, subscription: .init(subscription))
        case let .declined(reason, invoice):
            self.init(outcome: .declined, invoice: .init(invoice), declineCode: reason.code, declineMessage: reason.message)
        }
    }
}

extension Components.Schemas.ScheduledPlanChange.KindPayload {
    init(_ kind: PaymentsCore.PlanChangeKind) {
        self = switch kind {
        case .upgrade: .upgrade
        case .downgrade: .downgrade
        case .crossgrade: .crossgrade
        }
    }
}
