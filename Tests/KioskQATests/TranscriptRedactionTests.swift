import Foundation
import KioskQA
import Testing

/// Issue 17, defect 8: QA transcripts, JUnit reports and failure output never show a security
/// code, and show card numbers only as their last four digits.
@Suite struct TranscriptRedactionTests {
    @Test func cardNumbersAreCutToTheirLastFour() {
        #expect(TranscriptRedaction.text("Card number 4242 4242 4242 4242 Visa") == "Card number •••• •••• •••• 4242 Visa")
        #expect(TranscriptRedaction.text("pay 4000000000000002") == "pay ••••••••••••0002")
        #expect(TranscriptRedaction.text("amex 3782 822463 10005.") == "amex •••• •••••• •0005.")
        #expect(TranscriptRedaction.text("4111-1111-1111-1111") == "••••-••••-••••-1111")
    }

    @Test func datesAmountsAndIdsAreLeftAlone() {
        let text = "2026-01-31 2026-02-28 $1,000,000.00 INV-000123 80x24 4242 P1M 12/34 1234567890"
        #expect(TranscriptRedaction.text(text) == text)
    }

    static let typedCard = """
        name: typed card
        size: 80x24
        steps:
          - press: [down, down]
          - press: enter
          - type: "4242424242424242"
          - press: tab
          - type: "1234"
          - press: tab
          - type: "987"
          - act: {checkout.card-cvc: "654"}
          - expect: {text: "text that is not on the screen"}
        """

    @Test @MainActor func transcriptsAndReportsRedactWhatWasTyped() async throws {
        let scenario = try QAFixtures.scenario(Self.typedCard, file: "flows/typed-card.yaml")
        let result = await ScenarioRunner(options: try QAFixtures.options()).run(scenario)
        let failure = try #require(result.failure)
        let transcript = TranscriptWriter.text(result)
        let junit = JUnitReport.xml([result])
        for report in [transcript, junit, failure.report] {
            #expect(!report.contains("4242424242424242"))
            #expect(!report.contains("4242 4242 4242 4242"))
            #expect(!report.contains("654"))
        }
        let echoes = result.transcript.map { "\($0.step) \($0.detail)" }
        #expect(echoes.contains("type ••••••••••••4242"))
        #expect(echoes.contains("type [security code redacted]"))
        #expect(echoes.contains("act checkout.card-cvc [security code redacted]"))
        #expect(!echoes.contains { $0.contains("987") })
        // The screen still shows the card, by its last four.
        #expect(failure.screen.contains("4242"))
        #expect(failure.screen.contains("••••"))
    }

    @Test @MainActor func keysPressedIntoTheCardNumberAreNotEchoed() async throws {
        let scenario = try QAFixtures.scenario("""
            name: pressed card
            size: 80x24
            steps:
              - press: [down, down]
              - press: enter
              - press: ["4", "2", "4", "2"]
            """)
        let result = await ScenarioRunner(options: try QAFixtures.options()).run(scenario)
        #expect(result.failure == nil)
        #expect(result.transcript.last?.detail == "• • • •")
    }
}
