import Foundation

/// A non-consumable or non-renewing pass a restore found.
public struct RestoredPurchase: Hashable, Sendable, Codable, Identifiable {
    /// The purchase's id in Kiosk.
    public var id: String
    public var productID: String
    /// The signed store transaction that proves it.
    public var transactionID: String
    public var purchasedAt: Date
    /// When a pass ends; nil for a non-consumable.
    public var expiresAt: Date?
    /// Unrevoked and, for a pass, not yet ended.
    public var isActive: Bool

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(id: String, productID: String, transactionID: String, purchasedAt: Date, expiresAt: Date? = nil,
                isActive: Bool) {
        self.id = id
        self.productID = productID
        self.transactionID = transactionID
        self.purchasedAt = purchasedAt
        self.expiresAt = expiresAt
        self.isActive = isActive
    }
}
