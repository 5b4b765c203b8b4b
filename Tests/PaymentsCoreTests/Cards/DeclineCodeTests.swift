import Testing
import PaymentsCore

struct DeclineCodeTests {
    @Test(arguments: [
        (DeclineCode.insufficientFunds, "insufficient_funds", "Your card has insufficient funds.", "Try another card."),
        (.processingError, "processing_error", "An error occurred while processing your card.", "Try again in a little bit."),
        (.lostCard, "lost_card", "Your card was declined.", "Contact your card issuer or use another card."),
        (.stolenCard, "stolen_card", "Your card was declined.", "Contact your card issuer or use another card."),
        (.fraudulent, "fraudulent", "Your card was declined.", "Contact your card issuer or use another card."),
        (.genericDecline, "generic_decline", "Your card was declined.", "Contact your card issuer or use another card."),
        (.expiredCard, "expired_card", "Your card has expired.", "Use another card."),
        (.incorrectCVC, "incorrect_cvc", "Your card's security code is incorrect.", "Check the security code and try again."),
        (.authenticationRequired, "authentication_required", "Your card was declined. This transaction requires authentication.",
         "Complete authentication with your bank, or use another card."),
        (.tryAgainLater, "try_again_later", "Your card was declined.", "Try again in a little bit."),
        (.doNotHonor, "do_not_honor", "Your card was declined.", "Contact your card issuer or use another card."),
        (.testModeLiveCard, "test_mode_live_card",
         "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.",
         "Use a Stripe test card."),
    ])
    func messagesAndAdvice(code: DeclineCode, stripeCode: String, message: String, advice: String) {
        #expect(code.stripeCode == stripeCode)
        #expect(code.message == message)
        #expect(code.advice == advice)
        #expect(code.description == "\(message) \(advice)")
    }

    @Test func hiddenReasonsLookExactlyLikeAGenericDecline() {
        for hidden in [DeclineCode.lostCard, .stolenCard, .fraudulent, .pickupCard] {
            #expect(hidden.message == DeclineCode.genericDecline.message)
            #expect(hidden.advice == DeclineCode.genericDecline.advice)
            #expect(!hidden.description.localizedCaseInsensitiveContains("lost"))
            #expect(!hidden.description.localizedCaseInsensitiveContains("stolen"))
            #expect(!hidden.description.localizedCaseInsensitiveContains("fraud"))
        }
    }

    @Test func everyCodeHasWording() {
        for code in DeclineCode.allCases {
            #expect(code.message.hasSuffix("."))
            #expect(code.advice.hasSuffix("."))
            #expect(DeclineCode(rawValue: code.stripeCode) == code)
        }
    }
}
