import Foundation

/// Something waiting for a person: a parent's ask-to-buy approval, an interrupted purchase the
/// customer must resolve, a 3-D Secure challenge, or consent to a price increase.
public struct PendingAction: Hashable, Sendable, Codable, Identifiable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case askToBuy = "ask_to_buy"
        case interruptedPurchase = "interrupted_purchase"
        case threeDSecure = "three_d_secure"
        case priceIncrease = "price_increase"
    }

    public var id: String
    public var accountID: String
    public var kind: Kind
    public var productID: String?
    public var subscriptionID: String?
    public var createdAt: Date
    /// For a price increase: the new price.
    public var newPrice: Money?

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(id: String, accountID: String, kind: Kind, productID: String? = nil, subscriptionID: String? = nil,
                createdAt: Date, newPrice: Money? = nil) {
        self.id = id
        self.accountID = accountID
        self.kind = kind
        self.productID = productID
        self.subscriptionID = subscriptionID
        self.createdAt = createdAt
        self.newPrice = newPrice
    }
}
