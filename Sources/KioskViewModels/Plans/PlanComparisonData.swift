import PaymentsCore

public struct PlanComparisonData: Hashable, Sendable {
    public var catalog: Catalog
    public var account: Account
    public var subscription: Subscription?

    public init(catalog: Catalog, account: Account, subscription: Subscription?) {
        self.catalog = catalog
        self.account = account
        self.subscription = subscription
    }
}
