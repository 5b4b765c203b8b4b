/// How a card is funded, as Stripe reports it in `card.funding`.
public enum CardFunding: String, Sendable, Hashable, Codable, CaseIterable {
    case credit
    case debit
    case prepaid
}
