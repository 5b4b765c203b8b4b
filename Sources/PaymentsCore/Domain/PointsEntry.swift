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
}
