/// Something bought once: a points pack, a lifetime unlock or a fixed-length pass.
public struct OneTimeProduct: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        /// Credits `points` to the wallet; can be bought again.
        case consumable
        /// Grants `entitlement` forever (until refunded).
        case nonConsumable = "non-consumable"
        /// Grants `entitlement` for `duration` from purchase; does not renew.
        case nonRenewing = "non-renewing"
    }

    public var id: String
    public var type: Kind
    public var name: String
    public var price: Int64
    public var prices: [String: Int64]
    public var points: Int64?
    public var duration: ISODuration?
    public var entitlement: String?

    public init(id: String, type: Kind, name: String, price: Int64, prices: [String: Int64] = [:],
                points: Int64? = nil, duration: ISODuration? = nil, entitlement: String? = nil) {
        self.id = id
        self.type = type
        self.name = name
        self.price = price
        self.prices = prices
        self.points = points
        self.duration = duration
        self.entitlement = entitlement
    }
}
