import Foundation

/// RevenueCat's `NonSubscriptionTransaction`: a one-time purchase.
public struct NonSubscriptionTransaction: Hashable, Sendable, Codable {
    public var productIdentifier: String
    /// The purchase's id in Kiosk.
    public var transactionIdentifier: String
    /// The signed store transaction's id, when one was issued.
    public var storeTransactionIdentifier: String?
    public var purchaseDate: Date
}
