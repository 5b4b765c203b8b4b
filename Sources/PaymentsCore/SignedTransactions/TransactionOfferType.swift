/// The offer a purchase redeemed. Encoded as the bare integer App Store payloads use (1 to 4).
public enum TransactionOfferType: Int, Codable, Sendable, CaseIterable {
    case introductory = 1
    case promotional = 2
    case offerCode = 3
    case winBack = 4
}
