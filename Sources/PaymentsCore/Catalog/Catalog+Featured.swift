extension Catalog {
    /// The plan the paywall sells: the lowest-ranked plan that has products, the first step up
    /// from free. The app backend's checkout buys it when the client names no product.
    public var featuredPlan: Plan? {
        plans.filter { !$0.products.isEmpty }.min { $0.rank < $1.rank }
    }

    /// The featured plan's shortest billing period.
    public var featuredProduct: SubscriptionProduct? {
        featuredPlan?.products.min { $0.period.approximateSeconds < $1.period.approximateSeconds }
    }
}
