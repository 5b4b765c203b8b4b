import PaymentsCore

/// The verification checks a test card fails, as Stripe's fraud-prevention cards document them.
///
/// A check only runs on a value the customer gave: Kiosk's form always asks for the CVC, while
/// the postal code is optional, and it never asks for an address line. Radar's default rules
/// block a payment whose CVC or postal-code check fails; a failed address-line check alone goes
/// through.
public struct TestCardChecks: Sendable, Hashable {
    public let cvc: CardCheckResult
    public let postalCode: CardCheckResult
    public let addressLine1: CardCheckResult

    public init(cvc: CardCheckResult = .pass, postalCode: CardCheckResult = .pass,
                addressLine1: CardCheckResult = .pass) {
        self.cvc = cvc
        self.postalCode = postalCode
        self.addressLine1 = addressLine1
    }

    public static let allPass = TestCardChecks()

    /// The decline Radar's default rules raise, given whether a postal code was entered.
    public func blockingDecline(postalCodeProvided: Bool) -> DeclineCode? {
        if cvc == .fail { return .incorrectCVC }
        if postalCode == .fail && postalCodeProvided { return .incorrectZip }
        return nil
    }
}
