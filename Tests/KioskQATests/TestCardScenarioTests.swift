import KioskQA
import PaymentsCore
import Testing
import Simulators

/// Every card on Stripe's testing page may be written in a scenario, in each place a card goes;
/// a card fill types the security code the card's brand needs.
@Suite struct TestCardScenarioTests {
    @Test(arguments: TestCardTable.all.map(\.number))
    func theValidatorAcceptsEveryDocumentedCard(number: String) {
        let yaml = """
            name: card \(number)
            customer: {name: ada, card: "\(number)"}
            steps:
              - act: {checkout.card: "\(number)"}
              - act: {checkout.card-number: "\(number)"}
              - browser: {pay: "\(number)"}
            """
        guard case .success = ScenarioParser.parse(yaml: yaml, file: "cards.yaml") else {
            Issue.record("\(number) was refused")
            return
        }
        #expect(TestCards.isKnown(number))
    }

    @Test func aNumberOffThePageIsStillRefused() {
        #expect(!TestCards.isKnown("4111111111111111"))
        let yaml = "name: live\nsteps:\n  - act: {checkout.card: \"4111111111111111\"}\n"
        guard case .failure = ScenarioParser.parse(yaml: yaml, file: "live.yaml") else {
            Issue.record("a live card number was accepted")
            return
        }
    }

    @Test func americanExpressGetsAFourDigitSecurityCode() {
        #expect(TestCards.cvc(for: "378282246310005") == "1234")
        #expect(TestCards.cvc(for: "371449635398431") == "1234")
        #expect(TestCards.cvc(for: "4242424242424242") == "123")
        #expect(TestCards.cvc(for: "36227206271667") == "123")
    }
}
