/// Where a purchase left waiting on the App Store's sheet (ask to buy, an interrupted purchase)
/// stands. Apple answers the app (`Transaction.updates`), not the merchant: once the App Store is
/// a simulator of its own a declined request reaches no merchant at all, so the app asks the
/// store instead of watching the merchant's feed.
public enum PendingPurchaseStatus: String, Sendable, Equatable, Codable {
    case waiting
    /// Approved and bought: the purchase is in the account's history and entitlements.
    case approved
    case declined
}
