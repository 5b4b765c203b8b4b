import PaymentsCore

public struct PlanComparisonData: Hashable, Sendable {
    public var catalog: Catalog
    public var account: Account
    public var subscription: Subscription?
    /// Access right now: decides which plan is current (a pass can make it Pro without a subscription).
    public var entitlements: [Entitlement]

    public init(catalog: Catalog, account: Account, subscription: Subscription?, entitlements: [Entitlement] = []) {
        self.catalog = catalog
        self.account = account
        self.subscription = subscription
        self.entitlements = entitlements
    }
}
