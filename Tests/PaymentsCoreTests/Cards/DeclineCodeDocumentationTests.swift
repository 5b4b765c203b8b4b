import Testing
import PaymentsCore

/// Stripe's card decline-codes table (docs.stripe.com/declines/codes), in full.
struct DeclineCodeDocumentationTests {
    /// The table's codes in its order, as listed on the page.
    static let pageCodes = """
        authentication_required authentication_not_handled approve_with_id call_issuer card_not_supported
        card_velocity_exceeded currency_not_supported do_not_honor do_not_try_again duplicate_transaction expired_card
        fraudulent generic_decline incorrect_address incorrect_cvc incorrect_number incorrect_pin incorrect_zip
        insufficient_funds invalid_account invalid_amount invalid_cvc invalid_expiry_month invalid_expiry_year
        invalid_number invalid_pin issuer_not_available lost_card merchant_blacklist new_account_information_available
        no_action_taken not_permitted offline_pin_required online_or_offline_pin_required pickup_card pin_try_exceeded
        processing_error reenter_transaction restricted_card revocation_of_all_authorizations
        revocation_of_authorization security_violation service_not_allowed stolen_card stop_payment_order
        testmode_decline transaction_not_allowed try_again_later withdrawal_count_limit_exceeded
        mobile_device_authentication_required
        """.split(whereSeparator: \.isWhitespace).map(String.init)

    @Test func everyCodeOnThePageIsKnownAndDocumented() throws {
        #expect(Self.pageCodes.count == 50)
        for raw in Self.pageCodes {
            let code = try #require(DeclineCode(rawValue: raw), "\(raw) is missing")
            let documentation = try #require(code.documentation, "\(raw) has no documentation")
            #expect(!documentation.description.isEmpty)
            #expect(!documentation.nextSteps.isEmpty)
            #expect(!code.message.isEmpty && !code.advice.isEmpty)
        }
        let undocumented = DeclineCode.allCases.filter { $0.documentation == nil }
        #expect(undocumented == [.testModeLiveCard, .authenticationFailed])
    }

    @Test(arguments: [
        (DeclineCode.cardVelocityExceeded,
         "The customer has exceeded the balance, credit limit, or transaction amount limit available on their card.",
         "The customer needs to contact their card issuer for more information."),
        (.insufficientFunds, "The card has insufficient funds to complete the purchase.",
         "The customer needs to use an alternative payment method."),
        (.incorrectZip, "The postal code is incorrect.",
         "The customer needs to try again using the correct billing postal code."),
        (.approveWithID, "The payment can't be authorized.",
         "Attempt the payment again. If you still can't process it, the customer needs to contact their card issuer."),
        (.stolenCard, "The payment was declined because the card is reported stolen.",
         "Don't report more detailed information to your customer. Instead, present it in the same manner as generic_decline below."),
        (.duplicateTransaction, "A transaction with identical amount and credit card information was submitted very recently.",
         "Check to see if a recent payment already exists."),
        (.mobileDeviceAuthenticationRequired, "The card was declined because the transaction requires authentication.",
         "Retry attempts by tapping your mobile device again."),
    ])
    func wordingIsStripes(code: DeclineCode, description: String, nextSteps: String) throws {
        let documentation = try #require(code.documentation)
        #expect(documentation.description == description)
        #expect(documentation.nextSteps == nextSteps)
    }

    @Test func deprecatedCodesAreMarked() {
        let deprecated = DeclineCode.allCases.filter { $0.documentation?.isDeprecated == true }
        #expect(deprecated == [.doNotTryAgain, .tryAgainLater])
    }

    @Test func reasonsStripeSaysToHideLookLikeAGenericDecline() {
        for hidden in [DeclineCode.merchantBlacklist, .restrictedCard, .revocationOfAuthorization, .stopPaymentOrder] {
            #expect(hidden.message == DeclineCode.genericDecline.message)
        }
    }
}
