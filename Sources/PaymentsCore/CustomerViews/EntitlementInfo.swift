import Foundation

/// One entitlement as RevenueCat's `EntitlementInfo` reports it.
///
/// When several purchases grant the same entitlement (a subscription and a season pass), the
/// one shown is the active one that lasts longest: active before inactive, lifetime before
/// dated, later expiration first, then the later purchase.
public struct EntitlementInfo: Hashable, Sendable, Codable {
    public var identifier: String
    public var isActive: Bool
    /// False once auto-renew is off, during a billing issue, and for anything that does not renew.
    public var willRenew: Bool
    public var periodType: EntitlementPeriodType
    public var store: PurchaseStore
    public var productIdentifier: String
    /// The start of the current subscription period, or the latest purchase of a product.
    public var latestPurchaseDate: Date
    public var originalPurchaseDate: Date
    /// Nil for lifetime access. In a grace period, the end of the grace period (as RevenueCat
    /// extends it); after a refund or revocation, the revocation date.
    public var expirationDate: Date?
    public var unsubscribeDetectedAt: Date?
    public var billingIssueDetectedAt: Date?
}
