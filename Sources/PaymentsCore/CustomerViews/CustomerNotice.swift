import Foundation

/// A message for the customer about their purchases, derived from store events: what a screen
/// shows as a banner after a purchase or when something needs their attention.
public struct CustomerNotice: Hashable, Sendable, Codable, Identifiable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case purchaseSucceeded = "purchase_succeeded"
        case trialStarted = "trial_started"
        case renewalFailed = "renewal_failed"
        case refundIssued = "refund_issued"
        case trialEndingSoon = "trial_ending_soon"
    }

    /// The sequence number of the event behind it: pass the last one seen as `after` to poll on.
    public var id: Int64
    public var kind: Kind
    public var title: String
    public var message: String
    public var at: Date
    public var productID: String?
    public var subscriptionID: String?
    public var invoiceID: String?
}
