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
}
