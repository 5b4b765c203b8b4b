/// Why a transaction exists, spelled as App Store payloads spell `transactionReason`: the customer bought
/// something, or an auto-renewable subscription renewed on its own.
public enum TransactionReason: String, Codable, Sendable, CaseIterable {
    case purchase = "PURCHASE"
    case renewal = "RENEWAL"
}
