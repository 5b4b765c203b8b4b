import PaymentsCore

/// A tokenized card: what Kiosk keeps instead of the card details.
///
/// Only what a receipt may show is here (brand, last four, expiry) plus a keyed fingerprint and
/// the simulated issuer behaviour, both derived at tokenization; the number and security code
/// are gone once the token exists.
public struct CardToken: Sendable, Hashable, Codable, CustomStringConvertible {
    /// "tok_" and 24 base62 characters.
    public let id: String
    public let brand: CardBrand
    public let last4: String
    public let expMonth: Int
    public let expYear: Int
    public let fingerprint: CardFingerprint
    public let behaviour: TestCardBehaviour
    public let cardholderName: String?
    public let postalCode: String?

    public init(id: String, brand: CardBrand, last4: String, expMonth: Int, expYear: Int,
                fingerprint: CardFingerprint, behaviour: TestCardBehaviour,
                cardholderName: String? = nil, postalCode: String? = nil) {
        self.id = id
        self.brand = brand
        self.last4 = last4
        self.expMonth = expMonth
        self.expYear = expYear
        self.fingerprint = fingerprint
        self.behaviour = behaviour
        self.cardholderName = cardholderName
        self.postalCode = postalCode
    }

    /// "Visa •••• 4242, expires 12/2030 (tok_…)".
    public var description: String {
        let expiry = CardExpiry(month: expMonth, year: expYear)
        return "\(brand.displayName) •••• \(last4), expires \(expiry) (\(id))"
    }
}
