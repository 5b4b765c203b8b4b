import Foundation
import KioskAPI
import PaymentsCore

/// StoreKit's `AppStore.sync` over `POST /v1/restore`: what the account owns, as the paywall
/// words it ("Restored Pro and Theme pack"); "nothing to restore" answers in the server's words.
extension RemoteCalls {
    func restorePurchases(_ accountID: String) async throws -> RestoreResult {
        let own = try await ownAccount(accountID)
        let answer = try await server.call("restoring purchases") { api in
            switch try await api.restorePurchases(body: .json(.init(includeInactive: false))) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("restoring purchases") { try RestoreResult(answer, accountID: own) }
    }
}

extension RestoreResult {
    init(_ result: Components.Schemas.RestoreResult, accountID: String) throws {
        self.init(accountID: accountID, subscriptions: try result.subscriptions.map(RestoredSubscription.init),
                  nonConsumables: try result.lifetime.map(RestoredPurchase.init),
                  passes: try result.passes.map(RestoredPurchase.init), restoredAt: result.restoredAt)
    }
}

extension RestoredSubscription {
    init(_ subscription: Components.Schemas.RestoreResult.SubscriptionsPayloadPayload) throws {
        guard let storeStatus = subscription.storeStatus, let renewalState = subscription.renewalState else {
            throw RemoteMappingFailure("restored subscription \(subscription.id) came without its status")
        }
        let status: RestoreStoreStatus = switch storeStatus {
        case .active: .active
        case .inTrial: .inTrial
        case .cancelled: .cancelled
        }
        let state: RenewalState = switch renewalState {
        case .subscribed: .subscribed
        case .inGracePeriod: .inGracePeriod
        case .inBillingRetryPeriod: .inBillingRetryPeriod
        case .expired: .expired
        case .revoked: .revoked
        }
        self.init(id: subscription.id, planID: subscription.planId, productID: subscription.productId,
                  storeStatus: status, renewalState: state, hasBillingIssue: subscription.hasBillingIssue ?? false,
                  hasAccess: subscription.hasAccess, willAutoRenew: subscription.willAutoRenew,
                  expiresAt: subscription.expiresAt)
    }
}

extension RestoredPurchase {
    init(_ purchase: Components.Schemas.RestoredPurchase) throws {
        guard let id = purchase.id else {
            throw RemoteMappingFailure("restored purchase of \(purchase.productId) came without its id")
        }
        self.init(id: id, productID: purchase.productId, transactionID: purchase.transactionId,
                  purchasedAt: purchase.purchasedAt, expiresAt: purchase.expiresAt, isActive: purchase.isActive)
    }
}
