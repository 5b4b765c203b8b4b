/// Why the simulated issuer refused a charge, with Stripe's codes and customer-facing wording.
///
/// As Stripe recommends, the customer never learns that a card was reported lost or stolen,
/// flagged as fraudulent or marked for pick-up: those show the generic decline, so a fraudster
/// cannot probe which cards have been reported. The real code stays available to the store.
public enum DeclineCode: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case genericDecline = "generic_decline"
    case insufficientFunds = "insufficient_funds"
    case lostCard = "lost_card"
    case stolenCard = "stolen_card"
    case pickupCard = "pickup_card"
    case fraudulent = "fraudulent"
    case expiredCard = "expired_card"
    case incorrectCVC = "incorrect_cvc"
    case incorrectNumber = "incorrect_number"
    case processingError = "processing_error"
    case authenticationRequired = "authentication_required"
    case cardVelocityExceeded = "card_velocity_exceeded"
    case doNotHonor = "do_not_honor"
    case tryAgainLater = "try_again_later"
    case cardNotSupported = "card_not_supported"
    /// A real card used while Stripe is in test mode. Stripe sends this `decline_code` although
    /// its decline-code list does not document it.
    case testModeLiveCard = "test_mode_live_card"
    /// The customer failed or abandoned the 3-D Secure challenge. Stripe reports this as the
    /// error code `payment_intent_authentication_failure` with no decline code; Kiosk treats it
    /// as a decline because the charge did not happen.
    case authenticationFailed = "payment_intent_authentication_failure"

    /// Stripe's `decline_code` (for `authenticationFailed`, its error code).
    public var stripeCode: String { rawValue }

    /// Stripe's top-level error `code`: a few declines have their own, the rest are
    /// `card_declined`.
    public var stripeErrorCode: String {
        switch self {
        case .expiredCard, .incorrectCVC, .incorrectNumber, .processingError, .authenticationFailed:
            rawValue
        default:
            "card_declined"
        }
    }

    /// What the customer is told happened.
    public var message: String {
        switch self {
        case .genericDecline, .lostCard, .stolenCard, .pickupCard, .fraudulent, .doNotHonor,
             .tryAgainLater:
            "Your card was declined."
        case .insufficientFunds: "Your card has insufficient funds."
        case .expiredCard: "Your card has expired."
        case .incorrectCVC: "Your card's security code is incorrect."
        case .incorrectNumber: "Your card number is incorrect."
        case .processingError: "An error occurred while processing your card."
        case .authenticationRequired: "Your card was declined. This transaction requires authentication."
        case .cardVelocityExceeded:
            "Your card was declined for making repeated attempts too frequently or exceeding its amount limit."
        case .cardNotSupported: "Your card does not support this type of purchase."
        case .testModeLiveCard:
            "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing."
        case .authenticationFailed: "We are unable to authenticate your payment method."
        }
    }

    /// What the customer can do about it.
    public var advice: String {
        switch self {
        case .genericDecline, .lostCard, .stolenCard, .pickupCard, .fraudulent, .doNotHonor:
            "Contact your card issuer or use another card."
        case .insufficientFunds: "Try another card."
        case .expiredCard, .cardNotSupported: "Use another card."
        case .incorrectCVC: "Check the security code and try again."
        case .incorrectNumber: "Check the card number and try again."
        case .processingError, .tryAgainLater: "Try again in a little bit."
        case .authenticationRequired: "Complete authentication with your bank, or use another card."
        case .cardVelocityExceeded: "Try again later or use another card."
        case .testModeLiveCard: "Use a Stripe test card."
        case .authenticationFailed: "Choose a different payment method or try again."
        }
    }

    /// Whether charging the same card again, unchanged, may succeed later (a "soft" decline).
    ///
    /// Renewal dunning retries only these; a hard decline (lost, stolen, expired, wrong details,
    /// fraud) fails the same way every time, so it needs a new card instead.
    public var retryMaySucceed: Bool {
        switch self {
        case .genericDecline, .insufficientFunds, .processingError, .authenticationRequired,
             .cardVelocityExceeded, .doNotHonor, .tryAgainLater, .authenticationFailed:
            true
        case .lostCard, .stolenCard, .pickupCard, .fraudulent, .expiredCard, .incorrectCVC,
             .incorrectNumber, .cardNotSupported, .testModeLiveCard:
            false
        }
    }

    /// "Your card has insufficient funds. Try another card."
    public var description: String { "\(message) \(advice)" }
}
