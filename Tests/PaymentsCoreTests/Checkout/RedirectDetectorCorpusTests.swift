import PaymentsCore
import Testing

@Suite("Redirect detector corpus")
struct RedirectDetectorCorpusTests {
    @Test("No attack URL is ever read as a checkout result", arguments: RedirectAttackCorpus.urls)
    func attackIsIgnoredOrRejected(url: String) throws {
        for session in RedirectSessionFixture.stateful {
            let classification = try session.makeDetector().classify(url)
            #expect(
                classification.outcome == .ignored || classification.outcome == .rejected,
                "\(session.rawValue) classified as \(classification.outcome) (\(classification.reason))"
            )
            if classification.outcome == .ignored || classification.outcome == .rejected {
                #expect(classification.paymentID == nil)
                #expect(classification.subscriptionID == nil)
                #expect(classification.sessionID == nil)
            }
        }
    }

    @Test("The attack corpus is large")
    func attackCorpusIsLarge() {
        #expect(RedirectAttackCorpus.urls.count >= 100)
        #expect(Set(RedirectAttackCorpus.urls).count == RedirectAttackCorpus.urls.count)
    }

    @Test("Genuine returns get the exact outcome, reason and ids", arguments: RedirectGenuineCorpus.returns)
    func genuineReturn(redirect: GenuineRedirect) throws {
        let detector = try redirect.session.makeDetector()
        #expect(detector.classify(redirect.url) == redirect.expected)
    }

    @Test("A genuine return belongs to its own session only", arguments: RedirectGenuineCorpus.returns)
    func genuineReturnIsForeignToOtherSessions(redirect: GenuineRedirect) throws {
        for session in RedirectSessionFixture.stateful where session != redirect.session {
            let outcome = try session.makeDetector().classify(redirect.url).outcome
            #expect(outcome == .ignored || outcome == .rejected, "\(session.rawValue) read it as \(outcome)")
        }
    }
}
