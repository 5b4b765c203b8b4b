import KioskAPI
import PaymentsCore

extension PurchaseOutcome {
    /// A purchase answer as the core's outcome, from that one answer: the subscription and the
    /// pending card check come with it, and the transaction is the signed JWS the server sent.
    init(_ result: Components.Schemas.PurchaseResult, productID: String?, accountID: String) throws {
        switch result.outcome {
        case .purchased:
            guard let invoice = result.invoice else { throw RemoteMappingFailure("a purchase without its invoice") }
            let transaction = try result.signedTransaction.map(SignedTransaction.init(remoteJWS:))
            self = .purchased(PurchaseReceipt(
                productID: productID ?? invoice.productId ?? "", invoice: try Invoice(invoice, accountID: accountID),
                subscription: try result.subscription.map { try Subscription($0, accountID: accountID) },
                introOfferApplied: result.introOfferApplied ?? false, pointsCredited: result.pointsCredited ?? 0,
                entitlements: result.entitlements ?? [], transaction: transaction))
        case .declined:
            guard let invoice = result.invoice else { throw RemoteMappingFailure("a decline without its invoice") }
            let reason = DeclineReason(code: result.declineCode ?? "card_declined",
                                       message: result.declineMessage ?? "Your card was declined.")
            self = .declined(reason: reason, invoice: try Invoice(invoice, accountID: accountID))
        case .requiresAction:
            guard let pending = result.pendingAction else {
                throw RemoteMappingFailure("a card check without its pending action")
            }
            self = .requiresAction(try PendingAction(pending))
        }
    }
}
