import PaymentsCore

/// What the paywall loads from the core in one go.
public struct PaywallData: Hashable, Sendable {
    public var catalog: Catalog
    public var account: Account
    public var eligibleForIntroOffer: Bool
    public var subscriptions: [Subscription]
    public var entitlements: [Entitlement]

    public init(catalog: Catalog, account: Account, eligibleForIntroOffer: Bool,
                subscriptions: [Subscription], entitlements: [Entitlement]) {
        self.catalog = catalog
        self.account = account
        self.eligibleForIntroOffer = eligibleForIntroOffer
        self.subscriptions = subscriptions
        self.entitlements = entitlements
    }
}
