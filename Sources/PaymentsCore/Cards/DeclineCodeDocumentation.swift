/// One row of Stripe's card decline-codes table (docs.stripe.com/declines/codes): what the code
/// means and the next steps Stripe advises, worded as Stripe words them.
///
/// This is the merchant-facing explanation (shown to the store's staff and in QA reports); what
/// the customer reads is `DeclineCode.message` and `advice`.
public struct DeclineCodeDocumentation: Sendable, Hashable {
    public let description: String
    public let nextSteps: String
    /// Stripe marks `do_not_try_again` and `try_again_later` as deprecated.
    public let isDeprecated: Bool

    init(_ description: String, _ nextSteps: String, deprecated: Bool = false) {
        self.description = description
        self.nextSteps = nextSteps
        self.isDeprecated = deprecated
    }
}

extension DeclineCode {
    /// Stripe's table row for this code; nil for the two codes the table does not list
    /// (`test_mode_live_card` and the authentication failure).
    public var documentation: DeclineCodeDocumentation? { Self.documentationTable[self] }

    private static let contactIssuer = "The customer needs to contact their card issuer for more information."
    private static let unknownReason = "The card was declined for an unknown reason."
    private static let presentAsGeneric =
        "Don't report more detailed information to your customer. Instead, present it in the same manner as generic_decline below."

    private static let documentationTable: [DeclineCode: DeclineCodeDocumentation] = [
        .authenticationRequired: .init(
            "The card was declined because the transaction requires authentication such as 3D Secure.",
            "When using Stripe's front ends, in most cases a soft decline from an issuer triggers an authentication flow, allowing the customer to try again and authenticate their card. In some cases, such as off-session payments, you might need to request the customer to retry. If the card issuer returns this decline code despite a successfully authenticated transaction, the customer needs to contact their card issuer for more information."),
        .authenticationNotHandled: .init(
            "Related to authentication_required. You tried to proceed without performing the required authentication, so the issuer declined again.",
            "Run the EMV 3D Secure (3DS) or strong customer authentication (SCA) flow. For off-session payments, collect and prepare authentication on-session first, then fall back to on-session if needed."),
        .approveWithID: .init(
            "The payment can't be authorized.",
            "Attempt the payment again. If you still can't process it, the customer needs to contact their card issuer."),
        .callIssuer: .init(unknownReason, contactIssuer),
        .cardNotSupported: .init(
            "The card doesn't support this type of purchase.",
            "The customer needs to contact their card issuer to make sure their card can be used to make this type of purchase."),
        .cardVelocityExceeded: .init(
            "The customer has exceeded the balance, credit limit, or transaction amount limit available on their card.",
            contactIssuer),
        .currencyNotSupported: .init(
            "The card doesn't support the specified currency.",
            "The customer needs to check with the issuer whether the card can be used for the type of currency specified."),
        .doNotHonor: .init(unknownReason, contactIssuer),
        .doNotTryAgain: .init(unknownReason, contactIssuer, deprecated: true),
        .duplicateTransaction: .init(
            "A transaction with identical amount and credit card information was submitted very recently.",
            "Check to see if a recent payment already exists."),
        .expiredCard: .init("The card has expired.", "The customer needs to use another card."),
        .fraudulent: .init("The payment was declined because Stripe suspects that it's fraudulent.", presentAsGeneric),
        .genericDecline: .init(
            "The card was declined for an unknown reason or Stripe Radar or Adaptive Acceptance blocked the payment.",
            contactIssuer),
        .incorrectAddress: .init(
            "The address entered by the customer is incorrect.", "The customer needs to try again using the correct address."),
        .incorrectCVC: .init("The CVC number is incorrect.", "The customer needs to try again using the correct CVC."),
        .incorrectNumber: .init(
            "The card number is incorrect.", "The customer needs to try again using the correct card number."),
        .incorrectPIN: .init(
            "The PIN entered is incorrect. This decline code only applies to payments made with a card reader.",
            "The customer needs to try again using the correct PIN."),
        .incorrectZip: .init(
            "The postal code is incorrect.", "The customer needs to try again using the correct billing postal code."),
        .insufficientFunds: .init(
            "The card has insufficient funds to complete the purchase.",
            "The customer needs to use an alternative payment method."),
        .invalidAccount: .init(
            "The card, or account the card is connected to, is invalid.",
            "The customer needs to contact their card issuer to check that the card is working correctly."),
        .invalidAmount: .init(
            "The payment amount is invalid, or exceeds the amount that's allowed.",
            "If the amount appears to be correct, the customer needs to check with their card issuer that they can make purchases of that amount."),
        .invalidCVC: .init("The CVC number is incorrect.", "The customer needs to try again using the correct CVC."),
        .invalidExpiryMonth: .init(
            "The expiration month is invalid.", "The customer needs to try again using the correct expiration date."),
        .invalidExpiryYear: .init(
            "The expiration year is invalid.", "The customer needs to try again using the correct expiration date."),
        .invalidNumber: .init(
            "The card number is incorrect.", "The customer needs to try again using the correct card number."),
        .invalidPIN: .init("The PIN entered is incorrect.", "The customer needs to try again using the correct PIN."),
        .issuerNotAvailable: .init(
            "The card issuer couldn't be reached, so the payment couldn't be authorized.",
            "Attempt the payment again. If you still can't process it, the customer needs to contact their card issuer."),
        .lostCard: .init(
            "The payment was declined because the card is reported lost.",
            "The specific reason for the decline shouldn't be reported to the customer. Instead, present it as a generic_decline."),
        .merchantBlacklist: .init(
            "The payment was declined because it matches a value on the Stripe user's block list.", presentAsGeneric),
        .newAccountInformationAvailable: .init(
            "The card, or account the card is connected to, is invalid.", contactIssuer),
        .noActionTaken: .init(unknownReason, contactIssuer),
        .notPermitted: .init("The payment isn't permitted.", contactIssuer),
        .offlinePINRequired: .init(
            "The card was declined because it requires a PIN.",
            "The customer needs to try again by inserting their card and entering a PIN."),
        .onlineOrOfflinePINRequired: .init(
            "The card was declined because it requires a PIN.",
            "If the card reader supports Online PIN, prompt the customer for a PIN without creating a new transaction. If the card reader doesn't support Online PIN, the customer needs to try again by inserting their card and entering a PIN."),
        .pickupCard: .init(
            "The customer can't use this card to make this payment (it's possible it was reported lost or stolen).",
            "They need to contact their card issuer for more information."),
        .pinTryExceeded: .init(
            "The allowable number of PIN tries was exceeded.", "The customer must use another card or method of payment."),
        .processingError: .init(
            "An error occurred while processing the card.",
            "The payment needs to be attempted again. If it still can't be processed, try again later."),
        .reenterTransaction: .init(
            "The payment couldn't be processed by the issuer for an unknown reason.",
            "The payment needs to be attempted again. If it still can't be processed, the customer needs to contact their card issuer."),
        .restrictedCard: .init(
            "The customer can't use this card to make this payment (it's possible it was reported lost or stolen).",
            contactIssuer),
        .revocationOfAllAuthorizations: .init(unknownReason, contactIssuer),
        .revocationOfAuthorization: .init(unknownReason, contactIssuer),
        .securityViolation: .init(unknownReason, contactIssuer),
        .serviceNotAllowed: .init(unknownReason, contactIssuer),
        .stolenCard: .init("The payment was declined because the card is reported stolen.", presentAsGeneric),
        .stopPaymentOrder: .init(unknownReason, contactIssuer),
        .testmodeDecline: .init("A Stripe test card number was used.", "A genuine card must be used to make a payment."),
        .transactionNotAllowed: .init(unknownReason, contactIssuer),
        .tryAgainLater: .init(
            unknownReason,
            "Ask the customer to attempt the payment again. If subsequent payments are declined, the customer needs to contact their card issuer for more information.",
            deprecated: true),
        .withdrawalCountLimitExceeded: .init(
            "The customer has exceeded the balance or credit limit available on their card.",
            "The customer needs to use an alternative payment method."),
        .mobileDeviceAuthenticationRequired: .init(
            "The card was declined because the transaction requires authentication.",
            "Retry attempts by tapping your mobile device again."),
    ]
}
