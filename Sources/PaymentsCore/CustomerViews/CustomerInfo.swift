import Foundation

/// Everything an app needs to unlock features, in the shape of RevenueCat's `CustomerInfo`, so
/// view models written against RevenueCat port over field by field.
public struct CustomerInfo: Hashable, Sendable, Codable {
    /// The Kiosk account id (RevenueCat's app user id).
    public var originalAppUserId: String
    /// The store clock's time of the request (the account's test clock, if any).
    public var requestDate: Date
    /// When the account was created.
    public var firstSeen: Date
    public var entitlements: EntitlementInfos
    /// Product ids of subscriptions granting access now (subscribed or in grace), sorted.
    public var activeSubscriptions: [String]
    /// Every product the account ever bought, including earlier products of changed plans, sorted.
    public var allPurchasedProductIdentifiers: [String]
    /// One-time purchases (consumables, non-consumables, passes), oldest first.
    public var nonSubscriptionTransactions: [NonSubscriptionTransaction]
    /// Where to manage subscriptions; nil when none is active (StoreKit's active: subscribed,
    /// grace or billing retry, where fixing the payment method is exactly what is needed).
    public var managementURL: String?
    /// The plan the account is on and what grants it: the answer every screen words.
    public var plan: PlanStanding

    /// The screen that manages subscriptions in the Kiosk terminal app.
    public static let subscriptionManagementURL = "kiosk://account/subscriptions"
}

/// RevenueCat's `NonSubscriptionTransaction`: a one-time purchase.
public struct NonSubscriptionTransaction: Hashable, Sendable, Codable {
    public var productIdentifier: String
    /// The purchase's id in Kiosk.
    public var transactionIdentifier: String
    /// The signed store transaction's id, when one was issued.
    public var storeTransactionIdentifier: String?
    public var purchaseDate: Date
}

/// RevenueCat's `EntitlementInfos`: every entitlement the account ever had, by id, with the
/// active ones also under `active`.
public struct EntitlementInfos: Hashable, Sendable, Codable {
    /// Active and inactive entitlements, by entitlement id.
    public var all: [String: EntitlementInfo]

    public init(all: [String: EntitlementInfo]) {
        self.all = all
    }

    public var active: [String: EntitlementInfo] { all.filter { $0.value.isActive } }

    public subscript(identifier: String) -> EntitlementInfo? { all[identifier] }
}
