/// What the customer typed into the card form, held only until it is tokenized.
///
/// The number and security code are deliberately not public and never appear in `description`,
/// `debugDescription`, `dump` or string interpolation: a stray log line or debugger print must
/// not leak them. The type is not `Codable` for the same reason: it is never persisted.
public struct CardDetails: Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// As typed, possibly with spaces or dashes; read only by validation and tokenization.
    let number: String
    /// As typed; read only by validation.
    let cvc: String
    public let expiry: CardExpiry
    public let cardholderName: String?
    /// Nil when the form does not ask for one.
    public let postalCode: String?

    public init(number: String, expiry: CardExpiry, cvc: String,
                cardholderName: String? = nil, postalCode: String? = nil) {
        self.number = number
        self.expiry = expiry
        self.cvc = cvc
        self.cardholderName = cardholderName
        self.postalCode = postalCode
    }

    public init(number: String, expiryMonth: Int, expiryYear: Int, cvc: String,
                cardholderName: String? = nil, postalCode: String? = nil) {
        self.init(number: number, expiry: CardExpiry(month: expiryMonth, year: expiryYear), cvc: cvc,
                  cardholderName: cardholderName, postalCode: postalCode)
    }

    public var brand: CardBrand { CardBrand.detect(fromPartialNumber: number) }

    /// The last four digits, once the number is long enough that they reveal only a small part.
    public var last4: String? {
        CardNumberText.lastFour(of: CardNumberText.digitsIgnoringOthers(in: number))
    }

    /// "Visa •••• 4242, expires 12/2030, CVC •••".
    public var description: String {
        "\(brand.displayName) \(maskedNumber), expires \(expiry), CVC \(Self.maskedCVC)"
    }

    public var debugDescription: String {
        "CardDetails(brand: \(brand.rawValue), number: \(maskedNumber), expiry: \(expiry), cvc: \(Self.maskedCVC))"
    }

    public var customMirror: Mirror {
        Mirror(self, children: [
            "brand": brand,
            "number": maskedNumber,
            "expiry": expiry,
            "cvc": Self.maskedCVC,
            "cardholderName": cardholderName as Any,
            "postalCode": postalCode as Any,
        ], displayStyle: .struct)
    }

    private var maskedNumber: String { last4.map { "•••• \($0)" } ?? "••••" }

    private static let maskedCVC = "•••"
}

extension CardDetails {
    /// The number and security code as typed, for the places outside the core that may see
    /// them: the card processor's vault, and the request handing the card to a remote store's
    /// processor (`POST /v1/payment-methods`).
    /// A closure rather than properties so they cannot be kept or logged by accident.
    public func withNumberAndSecurityCode<T>(_ body: (_ number: String, _ cvc: String) throws -> T) rethrows -> T {
        try body(number, cvc)
    }
}
