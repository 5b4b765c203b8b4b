/// A product as the engine needs it: which kind, and for subscriptions the plan it sells.
public enum CatalogProduct: Hashable, Sendable {
    case subscription(Plan, SubscriptionProduct)
    case oneTime(OneTimeProduct)

    public var id: String {
        switch self {
        case let .subscription(_, product): product.id
        case let .oneTime(product): product.id
        }
    }
}

extension Catalog {
    public func product(id: String) -> CatalogProduct? {
        for plan in plans {
            if let product = plan.products.first(where: { $0.id == id }) {
                return .subscription(plan, product)
            }
        }
        return products.first(where: { $0.id == id }).map(CatalogProduct.oneTime)
    }

    public func plan(id: String) -> Plan? { plans.first { $0.id == id } }

    /// The plan an account without an entitling subscription is on: the lowest-ranked plan that
    /// sells nothing (Free), if the catalog has one.
    public var freePlan: Plan? {
        plans.filter { $0.products.isEmpty }.min { $0.rank < $1.rank }
    }

    public func offerCode(_ code: String) -> OfferCode? {
        let wanted = code.uppercased()
        return offerCodes.first { $0.code == wanted }
    }

    /// What an offer code takes off `amount`: a percentage in any currency, a fixed amount only
    /// in the catalog's own (nil elsewhere), never more than the amount. The merchant's quotes
    /// and the App Store's sheet price a code alike.
    public func discount(_ code: OfferCode, on amount: Money) -> Money? {
        switch code.discount {
        case let .percent(percent):
            return amount.percentage(percent)
        case let .amount(minor):
            guard amount.currency == currency else { return nil }
            return Money(minorUnits: min(minor, amount.minorUnits), currency: amount.currency)
        }
    }

    /// The price of a base-currency amount in a storefront currency: the override if the item has
    /// one, the base price in the base currency, nil when the item is not sold in that currency.
    public func price(base: Int64, overrides: [String: Int64], in currency: Currency) -> Money? {
        if let override = overrides[currency.code] { return Money(minorUnits: override, currency: currency) }
        if currency == self.currency { return Money(minorUnits: base, currency: currency) }
        return nil
    }
}
