import Foundation
import KioskQA
import KioskScreens
import Synchronization
import TerminalUI
import Testing

/// Counts the waits instead of waiting: a wait is time the viewer spends reading the caption
/// over the screen as it is.
final class WatchedDemoClock: DemoClock {
    let waits = Mutex(0)

    func sleep(seconds: Double) async {
        waits.withLock { $0 += 1 }
    }
}

/// `kiosk demo`'s captions say what the screen shows (issue 41, item 13): every screen the
/// viewer watches for a while (before each paced cue, and the last one) is checked against the
/// caption over it, and while card fields are typed the focus follows the field being typed.
@MainActor
@Suite struct DemoTourTests {
    /// What must be on screen whenever each caption (or chapter title) is up and the demo waits.
    static let evidence: [String: [String]] = [
        "The paywall: what Premium gives you, with a free week to try it": ["Everything a professional needs", "free trial"],
        "Yearly saves compared with paying monthly": ["▸ Yearly", "save 17%"],
        "Monthly starts with a free week to try it": ["▸ Monthly", "7-day free trial"],
        "Plan comparison: every feature, side by side": ["Compare plans", "Projects per month"],
        "Checkout with a test card, typed like a person would": ["Monthly"],
        "Success: Premium is unlocked": ["Premium"],
        "Billing history: the free week's $0.00 invoice, with its detail": ["$0.00"],
        "Settings: subscription, payment methods, usage and the QA panel": ["Settings"],
        "Billing retry: the test clock jumps ahead while renewals fail": ["Subscription", "Pro Monthly"],
        "The renewal failed: grace period, Premium stays on": ["Payment problem"],
        "The retry worked: the subscription recovered": ["Active"],
    ]

    /// Card fields as the tour types them, with the control each is drawn as.
    static let typedFields = ["checkout.card-number": "card.number", "checkout.card-expiry": "card.expiry",
                              "checkout.card-cvc": "card.cvc", "checkout.card-name": "card.name",
                              "checkout.card-postal": "card.postalCode"]

    @Test func everyCaptionMatchesTheScreensItIsShownOver() async throws {
        let scenario = try ScenarioParser.parse(contentsOf: KioskResourcesFlows.url().appendingPathComponent("demo/tour.yaml")).get()
        let session = try await ScenarioSession(scenario: scenario, catalog: QAFixtures.catalog(), options: QAFixtures.options())
        let stage = DemoStage(session: session)
        let clock = WatchedDemoClock()
        var watched: [(caption: String, screen: String)] = []
        var waitsSeen = 0
        var focusMisses: [String] = []
        func screen() -> String { HeadlessBackend.plainText(AppView.render(session.state, context: .standard).buffer) }
        _ = await DemoLoop.play(DemoPlayer(script: DemoScript(scenario), pacing: DemoPacing(speed: 10)), clock: clock,
                                control: { nil }) { event in
            let waits = clock.waits.withLock { $0 }
            if waits > waitsSeen, !stage.caption.isEmpty { watched.append((stage.caption, screen())) }
            waitsSeen = waits
            await stage.perform(event)
            if case let .step(step) = event, case let .act(action) = step.kind, let field = Self.typedFields[action.name],
               session.state.checkout.form.id != field {
                focusMisses.append("\(action.name) typed with focus on \(session.state.checkout.form.id ?? "nothing")")
            }
        }
        watched.append((stage.caption, screen()))
        #expect(stage.problems == [])
        #expect(focusMisses == [])
        #expect(Set(watched.map(\.caption)) == Set(Self.evidence.keys), "captions changed: update the evidence")
        for (caption, screen) in watched {
            for text in Self.evidence[caption] ?? [] {
                #expect(screen.contains(text), "\"\(caption)\" is shown over a screen without \"\(text)\":\n\(screen)")
            }
        }
        await session.close()
    }
}
