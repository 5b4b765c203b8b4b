import Foundation

/// What `GET /v1/customer` answers: the account and what it is entitled to now, read at one moment.
///
/// Unlike `CustomerInfo` it does not list every one-time purchase, so it costs the same for a
/// customer who bought once and for one who bought ten thousand times: it reads subscriptions and
/// the purchases that entitle, and takes the products ever bought from indexes.
public struct CustomerOverview: Hashable, Sendable {
    public var account: Account
    /// The store clock's time of the request (the account's test clock, if any).
    public var requestDate: Date
    public var entitlements: EntitlementInfos
    /// Product ids of subscriptions granting access now (subscribed or in grace), sorted.
    public var activeSubscriptions: [String]
    /// Every product the account ever bought, including earlier products of changed plans, sorted.
    public var allPurchasedProductIdentifiers: [String]
    /// Where to manage subscriptions; nil when none is active.
    public var managementURL: String?
    public var plan: PlanStanding

    public init(account: Account, requestDate: Date, entitlements: EntitlementInfos, activeSubscriptions: [String],
                allPurchasedProductIdentifiers: [String], managementURL: String?, plan: PlanStanding) {
        self.account = account
        self.requestDate = requestDate
        self.entitlements = entitlements
        self.activeSubscriptions = activeSubscriptions
        self.allPurchasedProductIdentifiers = allPurchasedProductIdentifiers
        self.managementURL = managementURL
        self.plan = plan
    }
}
