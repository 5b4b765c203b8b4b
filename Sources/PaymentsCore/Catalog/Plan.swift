/// A column of the plan comparison: a tier with a rank (higher is better) and the subscription
/// products that sell it. A plan without products (rank 0, "Free") is what an account has when
/// nothing else entitles it.
public struct Plan: Hashable, Sendable, Codable {
    public var id: String
    public var name: String
    public var rank: Int
    /// Granted while a subscription to one of the plan's products is subscribed or in grace.
    public var entitlement: String?
    /// A one-line pitch for the paywall.
    public var tagline: String?
    /// Values by feature id.
    public var features: [String: FeatureValue]
    public var products: [SubscriptionProduct]

    public init(id: String, name: String, rank: Int, entitlement: String? = nil, tagline: String? = nil,
                features: [String: FeatureValue] = [:], products: [SubscriptionProduct] = []) {
        self.id = id
        self.name = name
        self.rank = rank
        self.entitlement = entitlement
        self.tagline = tagline
        self.features = features
        self.products = products
    }
}

/// An auto-renewable subscription product: one billing period and price of a plan.
public struct SubscriptionProduct: Hashable, Sendable, Codable {
    public var id: String
    public var period: ISODuration
    /// In the catalog's base currency, minor units.
    public var price: Int64
    /// Storefront overrides: currency code → minor units of that currency.
    public var prices: [String: Int64]
    public var intro: IntroOffer?

    public init(id: String, period: ISODuration, price: Int64, prices: [String: Int64] = [:],
                intro: IntroOffer? = nil) {
        self.id = id
        self.period = period
        self.price = price
        self.prices = prices
        self.intro = intro
    }
}

/// A first-subscription offer, redeemable once per account per subscription group.
public struct IntroOffer: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Nothing is charged for `period`.
        case freeTrial = "free-trial"
        /// `price` once, covering `period`.
        case payUpFront = "pay-up-front"
        /// `price` per billing period for `periods` periods.
        case payAsYouGo = "pay-as-you-go"
    }

    public var type: Kind
    /// The offer's length (free trial, pay up front); for pay-as-you-go, one billing period.
    public var period: ISODuration
    /// Base-currency minor units; 0 for a free trial.
    public var price: Int64
    public var prices: [String: Int64]
    /// Number of discounted periods (pay-as-you-go), 1 otherwise.
    public var periods: Int

    public init(type: Kind, period: ISODuration, price: Int64 = 0, prices: [String: Int64] = [:],
                periods: Int = 1) {
        self.type = type
        self.period = period
        self.price = price
        self.prices = prices
        self.periods = periods
    }
}
