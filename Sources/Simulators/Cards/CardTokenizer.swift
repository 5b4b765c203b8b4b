import Foundation
import PaymentsCore

/// Turns card details into a `CardToken` at once, so the number and security code live no
/// longer than the form that collected them.
public struct CardTokenizer: Sendable {
    public let fingerprintKey: CardFingerprintKey

    public init(fingerprintKey: CardFingerprintKey) {
        self.fingerprintKey = fingerprintKey
    }

    /// Validates `details` at `now` and, when every field is acceptable, returns a token whose
    /// id comes from `generator` and whose issuer behaviour comes from `TestCardTable` (with
    /// the postal-code check run only when a postal code was entered).
    ///
    /// Throws every field problem at once. A Luhn-valid number outside the test table still
    /// tokenizes, as in Stripe test mode; its charges are then declined `test_mode_live_card`.
    public func tokenize(
        _ details: CardDetails, now: Date, using generator: inout some RandomNumberGenerator
    ) throws(CardValidationErrors) -> CardToken {
        let errors = CardValidator.validate(details, now: now)
        let number = details.withNumberAndSecurityCode { number, _ in number }
        guard errors.isEmpty, let digits = CardNumberText.digits(in: number),
              let last4 = CardNumberText.lastFour(of: digits)
        else {
            throw errors.isEmpty ? CardValidationErrors(number: .invalid) : errors
        }
        return CardToken(
            id: StripeStyleIdentifier.make(prefix: "tok_", using: &generator),
            brand: details.brand,
            last4: last4,
            expMonth: details.expiry.month,
            expYear: details.expiry.year,
            fingerprint: CardFingerprint(digits: digits, key: fingerprintKey),
            behaviour: TestCardTable.behaviour(forCardNumber: digits, postalCodeProvided: details.postalCode != nil),
            cardholderName: details.cardholderName,
            postalCode: details.postalCode)
    }
}
