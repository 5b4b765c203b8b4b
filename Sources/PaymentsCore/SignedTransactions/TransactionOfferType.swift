/// The offer a purchase redeemed. Encoded as the bare integer App Store payloads use (1, 2 or 3).
public enum TransactionOfferType: Int, Codable, Sendable, CaseIterable {
    case introductory = 1
    case promotional = 2
    case offerCode = 3
}
