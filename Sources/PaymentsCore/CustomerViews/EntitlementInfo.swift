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

/// RevenueCat's `PeriodType`: StoreKit's period types plus `prepaid` for non-renewing passes.
public enum EntitlementPeriodType: String, Hashable, Sendable, Codable, CaseIterable {
    case normal
    case intro
    case trial
    case prepaid

    public init(_ periodType: PeriodType) {
        switch periodType {
        case .normal: self = .normal
        case .intro: self = .intro
        case .trial: self = .trial
        }
    }
}

/// RevenueCat's `Store` of a purchase: the App Store for store billing (the platform charges
/// the customer's store account), Stripe for card billing (Kiosk charges a saved card).
public enum PurchaseStore: String, Hashable, Sendable, Codable, CaseIterable {
    case appStore = "app_store"
    case stripe

    public init(_ billing: Billing) {
        switch billing {
        case .store: self = .appStore
        case .card: self = .stripe
        }
    }
}
