import KioskAPI
import PaymentsCore

extension Components.Schemas.PurchaseResult {
    init(_ outcome: PurchaseOutcome) throws {
        switch outcome {
        case let .purchased(receipt):
            self.init(outcome: .purchased, invoice: .init(receipt.invoice), subscriptionId: receipt.subscription?.id,
                      subscription: receipt.subscription.map(Components.Schemas.Subscription.init),
                      introOfferApplied: receipt.introOfferApplied, pointsCredited: receipt.pointsCredited,
                      entitlements: receipt.entitlements, signedTransaction: try receipt.transaction?.jws)
        case let .declined(reason, invoice):
            self.init(outcome: .declined, invoice: .init(invoice), entitlements: [],
                      declineCode: reason.code, declineMessage: reason.message)
        case let .requiresAction(pending):
            self.init(outcome: .requiresAction, entitlements: [], pendingActionId: pending.id, pendingAction: .init(pending))
        }
    }
}

extension PurchaseOutcome {
    /// The outcome as `kiosk_purchases_total` labels it.
    var metricLabel: String {
        switch self {
        case .purchased: "purchased"
        case .declined: "declined"
        case .requiresAction: "requires_action"
        }
    }
}
