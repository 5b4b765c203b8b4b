import PaymentsCore

/// What the success screen shows.
public struct CheckoutReceipt: Hashable, Sendable {
    public var transactionID: String?
    public var invoiceNumber: String
    public var total: Money
    /// Names of what is now unlocked: "Premium", or "500 points".
    public var unlocked: [String]
}
