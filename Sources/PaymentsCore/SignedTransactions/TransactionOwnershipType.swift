/// How the customer came to own the purchase, spelled as App Store payloads spell it.
public enum TransactionOwnershipType: String, Codable, Sendable, CaseIterable {
    case purchased = "PURCHASED"
    case familyShared = "FAMILY_SHARED"
}
