import Foundation

/// One movement in an account's points wallet.
public struct PointsEntry: Hashable, Sendable, Codable, Identifiable {
    public var id: Int64
    public var accountID: String
    public var delta: Int64
    public var balanceAfter: Int64
    public var reason: String
    public var productID: String?
    public var invoiceID: String?
    public var at: Date

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(id: Int64, accountID: String, delta: Int64, balanceAfter: Int64, reason: String,
                productID: String? = nil, invoiceID: String? = nil, at: Date) {
        self.id = id
        self.accountID = accountID
        self.delta = delta
        self.balanceAfter = balanceAfter
        self.reason = reason
        self.productID = productID
        self.invoiceID = invoiceID
        self.at = at
    }
}
