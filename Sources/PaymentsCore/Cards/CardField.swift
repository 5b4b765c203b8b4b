/// A field of the card entry form, so each validation message can be shown next to its input.
public enum CardField: String, Sendable, Hashable, Codable, CaseIterable {
    case number
    case expiry
    case cvc
    case postalCode
}
