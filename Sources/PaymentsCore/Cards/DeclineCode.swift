/// Why the simulated issuer refused a charge, with Stripe's codes and customer-facing wording.
///
/// Every card decline code on Stripe's decline-codes page is here (its description and next
/// steps are in `documentation`), plus two codes Stripe sends that the page does not list.
///
/// As Stripe recommends, the customer never learns that a card was reported lost or stolen,
/// flagged as fraudulent, blocked by the merchant or marked for pick-up: those show the generic
/// decline, so a fraudster cannot probe which cards have been reported. The real code stays
/// available to the store.
public enum DeclineCode: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
    case authenticationRequired = "authentication_required"
    case authenticationNotHandled = "authentication_not_handled"
    case approveWithID = "approve_with_id"
    case callIssuer = "call_issuer"
    case cardNotSupported = "card_not_supported"
    case cardVelocityExceeded = "card_velocity_exceeded"
    case currencyNotSupported = "currency_not_supported"
    case doNotHonor = "do_not_honor"
    case doNotTryAgain = "do_not_try_again"
    case duplicateTransaction = "duplicate_transaction"
    case expiredCard = "expired_card"
    case fraudulent = "fraudulent"
    case genericDecline = "generic_decline"
    case incorrectAddress = "incorrect_address"
    case incorrectCVC = "incorrect_cvc"
    case incorrectNumber = "incorrect_number"
    case incorrectPIN = "incorrect_pin"
    case incorrectZip = "incorrect_zip"
    case insufficientFunds = "insufficient_funds"
    case invalidAccount = "invalid_account"
    case invalidAmount = "invalid_amount"
    case invalidCVC = "invalid_cvc"
    case invalidExpiryMonth = "invalid_expiry_month"
    case invalidExpiryYear = "invalid_expiry_year"
    case invalidNumber = "invalid_number"
    case invalidPIN = "invalid_pin"
    case issuerNotAvailable = "issuer_not_available"
    case lostCard = "lost_card"
    case merchantBlacklist = "merchant_blacklist"
    case newAccountInformationAvailable = "new_account_information_available"
    case noActionTaken = "no_action_taken"
    case notPermitted = "not_permitted"
    case offlinePINRequired = "offline_pin_required"
    case onlineOrOfflinePINRequired = "online_or_offline_pin_required"
    case pickupCard = "pickup_card"
    case pinTryExceeded = "pin_try_exceeded"
    case processingError = "processing_error"
    case reenterTransaction = "reenter_transaction"
    case restrictedCard = "restricted_card"
    case revocationOfAllAuthorizations = "revocation_of_all_authorizations"
    case revocationOfAuthorization = "revocation_of_authorization"
    case securityViolation = "security_violation"
    case serviceNotAllowed = "service_not_allowed"
    case stolenCard = "stolen_card"
    case stopPaymentOrder = "stop_payment_order"
    case testmodeDecline = "testmode_decline"
    case transactionNotAllowed = "transaction_not_allowed"
    case tryAgainLater = "try_again_later"
    case withdrawalCountLimitExceeded = "withdrawal_count_limit_exceeded"
    case mobileDeviceAuthenticationRequired = "mobile_device_authentication_required"
    /// A real card used while Stripe is in test mode. Stripe sends this `decline_code` although
    /// its decline-code list does not document it.
    case testModeLiveCard = "test_mode_live_card"
    /// The customer failed or abandoned the 3-D Secure challenge. Stripe reports this as the
    /// error code `payment_intent_authentication_failure` with no decline code; Kiosk treats it
    /// as a decline because the charge did not happen.
    case authenticationFailed = "payment_intent_authentication_failure"

    /// Stripe's `decline_code` (for `authenticationFailed`, its error code).
    public var stripeCode: String { rawValue }

    /// The decline as a charge reports it: this code and what the customer is told.
    public var reason: DeclineReason { DeclineReason(code: stripeCode, message: message) }

    /// What the customer is told happened.
    public var message: String {
        switch self {
        case .genericDecline, .lostCard, .stolenCard, .pickupCard, .fraudulent, .merchantBlacklist, .doNotHonor,
             .doNotTryAgain, .tryAgainLater, .callIssuer, .noActionTaken, .restrictedCard, .revocationOfAuthorization,
             .revocationOfAllAuthorizations, .securityViolation, .serviceNotAllowed, .stopPaymentOrder,
             .transactionNotAllowed, .notPermitted, .newAccountInformationAvailable, .invalidAccount, .approveWithID,
             .reenterTransaction, .issuerNotAvailable, .testmodeDecline:
            "Your card was declined."
        case .insufficientFunds: "Your card has insufficient funds."
        case .expiredCard: "Your card has expired."
        case .incorrectCVC, .invalidCVC: "Your card's security code is incorrect."
        case .incorrectNumber, .invalidNumber: "Your card number is incorrect."
        case .incorrectZip: "Your card's postal code is incorrect."
        case .incorrectAddress: "Your card's address is incorrect."
        case .invalidExpiryMonth: "Your card's expiration month is invalid."
        case .invalidExpiryYear: "Your card's expiration year is invalid."
        case .incorrectPIN, .invalidPIN: "Your card's PIN is incorrect."
        case .pinTryExceeded: "Your card was declined. The allowed number of PIN tries was exceeded."
        case .offlinePINRequired, .onlineOrOfflinePINRequired: "Your card was declined. This transaction requires a PIN."
        case .processingError: "An error occurred while processing your card."
        case .authenticationRequired, .authenticationNotHandled, .mobileDeviceAuthenticationRequired:
            "Your card was declined. This transaction requires authentication."
        case .cardVelocityExceeded, .withdrawalCountLimitExceeded:
            "Your card was declined for making repeated attempts too frequently or exceeding its amount limit."
        case .cardNotSupported: "Your card does not support this type of purchase."
        case .currencyNotSupported: "Your card does not support this currency."
        case .duplicateTransaction: "Your card was declined. A matching payment was made moments ago."
        case .invalidAmount: "Your card was declined. The amount is invalid or above what the card allows."
        case .testModeLiveCard:
            "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing."
        case .authenticationFailed: "We are unable to authenticate your payment method."
        }
    }

    /// What the customer can do about it.
    public var advice: String {
        switch self {
        case .genericDecline, .lostCard, .stolenCard, .pickupCard, .fraudulent, .merchantBlacklist, .doNotHonor,
             .doNotTryAgain, .callIssuer, .noActionTaken, .restrictedCard, .revocationOfAuthorization,
             .revocationOfAllAuthorizations, .securityViolation, .serviceNotAllowed, .stopPaymentOrder,
             .transactionNotAllowed, .notPermitted, .newAccountInformationAvailable, .invalidAccount, .invalidAmount:
            "Contact your card issuer or use another card."
        case .insufficientFunds, .withdrawalCountLimitExceeded, .pinTryExceeded: "Try another card."
        case .expiredCard, .cardNotSupported, .currencyNotSupported: "Use another card."
        case .incorrectCVC, .invalidCVC: "Check the security code and try again."
        case .incorrectNumber, .invalidNumber: "Check the card number and try again."
        case .incorrectZip: "Check the postal code and try again."
        case .incorrectAddress: "Check the billing address and try again."
        case .invalidExpiryMonth, .invalidExpiryYear: "Check the expiration date and try again."
        case .incorrectPIN, .invalidPIN, .offlinePINRequired, .onlineOrOfflinePINRequired:
            "Insert the card and enter its PIN, or use another card."
        case .processingError, .tryAgainLater, .approveWithID, .reenterTransaction, .issuerNotAvailable:
            "Try again in a little bit."
        case .authenticationRequired, .authenticationNotHandled, .mobileDeviceAuthenticationRequired:
            "Complete authentication with your bank, or use another card."
        case .cardVelocityExceeded: "Try again later or use another card."
        case .duplicateTransaction: "Check your billing history before paying again."
        case .testModeLiveCard, .testmodeDecline: "Use a Stripe test card."
        case .authenticationFailed: "Choose a different payment method or try again."
        }
    }

    /// "Your card has insufficient funds. Try another card."
    public var description: String { "\(message) \(advice)" }
}
