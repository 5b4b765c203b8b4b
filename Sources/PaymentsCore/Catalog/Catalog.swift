import Foundation

/// What the store sells: plans (one subscription group, ordered by rank), one-time products,
/// the features compared across plans, entitlements and promotional codes.
///
/// Key names follow the user-facing YAML format (`Resources/catalog.yaml`); the JSON encoding uses
/// the same names, so `kiosk catalog show --json` output is itself a valid catalog file.
public struct Catalog: Hashable, Sendable, Codable {
    /// Format version of the file (`catalog: 1`).
    public var format: Int
    public var name: String
    /// The base currency: `price` fields are in its minor units.
    public var currency: Currency
    /// Storefront currencies the store sells in besides the base one; every priced item must
    /// carry a `prices` override for each.
    public var currencies: [Currency]
    /// The subscription group all plans belong to (StoreKit's subscriptionGroupID).
    public var group: String
    /// The app's bundle id that signed transactions carry (`bundle-id`); nil means `dev.kiosk.store`.
    public var bundleId: String?
    /// The environment signed transactions claim (`environment`); nil means `Sandbox`.
    public var environment: TransactionEnvironment?
    public var entitlements: [EntitlementDefinition]
    public var features: [Feature]
    public var plans: [Plan]
    public var products: [OneTimeProduct]
    public var offerCodes: [OfferCode]

    public init(format: Int = 1, name: String, currency: Currency, currencies: [Currency] = [],
                group: String = "plans", entitlements: [EntitlementDefinition] = [],
                features: [Feature] = [], plans: [Plan] = [], products: [OneTimeProduct] = [],
                offerCodes: [OfferCode] = [], bundleId: String? = nil,
                environment: TransactionEnvironment? = nil) {
        self.format = format
        self.name = name
        self.currency = currency
        self.currencies = currencies
        self.group = group
        self.bundleId = bundleId
        self.environment = environment
        self.entitlements = entitlements
        self.features = features
        self.plans = plans
        self.products = products
        self.offerCodes = offerCodes
    }

    enum CodingKeys: String, CodingKey {
        case format = "catalog", name, currency, currencies, group, bundleId = "bundle-id", environment,
             entitlements, features, plans, products, offerCodes = "offer-codes"
    }
}

/// A named capability that purchases grant (`premium`, `themes`).
public struct EntitlementDefinition: Hashable, Sendable, Codable {
    public var id: String
    public var name: String

    public init(id: String, name: String) {
        self.id = id
        self.name = name
    }
}

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
