import Testing
import PaymentsCore
@testable import Simulators

struct TestCardTableTests {
    @Test(arguments: [
        ("4242424242424242", CardBrand.visa), ("4000056655665556", .visa),
        ("5555555555554444", .mastercard), ("2223003122003222", .mastercard), ("5200828282828210", .mastercard),
        ("5105105105105100", .mastercard), ("378282246310005", .amex), ("371449635398431", .amex),
        ("6011111111111117", .discover), ("6011000990139424", .discover), ("6011981111111113", .discover),
        ("3056930009020004", .diners), ("36227206271667", .diners), ("3566002020360505", .jcb),
        ("6200000000000005", .unionpay),
    ])
    func brandSuccessCardsSucceed(number: String, brand: CardBrand) throws {
        let token = try CardsTestSupport.token(number)
        #expect(token.brand == brand)
        #expect(token.last4 == String(number.suffix(4)))
        #expect(token.behaviour == .succeeds)
        #expect(token.behaviour.declineOnAttach == nil)
    }

    @Test(arguments: [
        ("4000000000000002", DeclineCode.genericDecline, "Your card was declined."),
        ("4000000000009995", .insufficientFunds, "Your card has insufficient funds."),
        ("4000000000009987", .lostCard, "Your card was declined."),
        ("4000000000009979", .stolenCard, "Your card was declined."),
        ("4000000000000069", .expiredCard, "Your card has expired."),
        ("4000000000000127", .incorrectCVC, "Your card's security code is incorrect."),
        ("4000000000000119", .processingError, "An error occurred while processing your card."),
        ("4100000000000019", .fraudulent, "Your card was declined."),
    ])
    func declineCardsAreRefusedOnAttachAndEveryCharge(
        number: String, code: DeclineCode, message: String
    ) throws {
        let token = try CardsTestSupport.token(number)
        #expect(token.behaviour == .declines(code))
        #expect(token.behaviour.declineOnAttach == code)
        #expect(code.message == message)
        for offSession in [false, true] {
            #expect(try CardsTestSupport.payment(number, offSession: offSession) == .declined(code.reason))
        }
    }

    @Test func luhnFailingTestCardIsRejectedAtValidation() throws {
        #expect(throws: CardValidationErrors(number: .incorrect)) { try CardsTestSupport.token("4242424242424241") }
    }

    @Test func attachesButChargesFailCard() throws {
        let token = try CardsTestSupport.token("4000000000000341")
        #expect(token.behaviour == .attachesButChargesDecline(.genericDecline))
        #expect(token.behaviour.declineOnAttach == nil)
    }

    @Test func threeDSecureCards() throws {
        #expect(try CardsTestSupport.token("4000002500003155").behaviour == .requiresAuthenticationUnlessSetUp)
        #expect(try CardsTestSupport.token("4000002760003184").behaviour == .alwaysRequiresAuthentication)
    }

    @Test(arguments: ["4111111111111111", "5454545454545454", "4012888888881881", "6011000000000004"])
    func numbersOutsideTheTableAreDeclinedAsLiveCardsInTestMode(number: String) throws {
        #expect(LuhnCheck.isValid(number))
        let token = try CardsTestSupport.token(number)
        #expect(token.behaviour == .declines(.testModeLiveCard))
        #expect(DeclineCode.testModeLiveCard.message
            == "Your card was declined. Your request was in test mode, but used a non test card. For a list of valid test cards, visit: https://stripe.com/docs/testing.")
    }
}
