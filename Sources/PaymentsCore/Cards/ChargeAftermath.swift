/// What happens after a successful payment on one of Stripe's dispute and refund test cards.
///
/// Stripe test mode disputes these charges right after they succeed, and settles a refund of
/// 4000000000005126 as succeeded before it turns to failed; Kiosk applies each step in the
/// operation that causes it, in that order, so billing history and the ledger show both.
public enum ChargeAftermath: String, Sendable, Hashable, Codable, CaseIterable {
    /// 4000000000000259: disputed as fraudulent; the disputed amount is withdrawn.
    case disputedAsFraudulent = "fraudulent"
    /// 4000000000002685: disputed as product not received; the amount is withdrawn.
    case disputedAsProductNotReceived = "product_not_received"
    /// 4000008400000779 and 5105008400000002: a Visa or Mastercard compliance dispute, reason
    /// `noncompliant`; the amount is withdrawn.
    case disputedAsNoncompliant = "noncompliant"
    /// 4000000000001976: an inquiry, which Stripe opens without withdrawing funds.
    case inquiry
    /// 4000000000005423: the issuer's early fraud warning; no dispute and no money moves.
    case earlyFraudWarning = "early_fraud_warning"
    /// 4000000404000079: disputed twice; the first dispute withdraws the amount, the second
    /// finds nothing left to withdraw and stays open.
    case disputedTwice = "multiple_disputes"
    /// 4000000000005126: a refund first succeeds, then fails, and the money comes back to the
    /// store.
    case refundFails = "refund_fails"

    /// The disputes the charge receives, in order, as (reason, whether funds are withdrawn).
    var disputes: [(reason: String, withdrawsFunds: Bool)] {
        switch self {
        case .disputedAsFraudulent: [("fraudulent", true)]
        case .disputedAsProductNotReceived: [("product_not_received", true)]
        case .disputedAsNoncompliant: [("noncompliant", true)]
        case .inquiry: [("inquiry", false)]
        case .disputedTwice: [("fraudulent", true), ("fraudulent", false)]
        case .earlyFraudWarning, .refundFails: []
        }
    }
}
