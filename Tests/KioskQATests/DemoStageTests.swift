import Foundation
import KioskQA
import KioskScreens
import Testing

/// Waits for nothing: the tour plays as fast as the session allows.
struct InstantDemoClock: DemoClock {
    func sleep(seconds: Double) async {}
}

@Suite struct DemoStageTests {
    @Test @MainActor func theTourPlaysEndToEndWithCaptions() async throws {
        let scenario = try ScenarioParser.parse(contentsOf: KioskResourcesFlows.url().appendingPathComponent("demo/tour.yaml")).get()
        let session = try await ScenarioSession(scenario: scenario, catalog: QAFixtures.catalog(), options: QAFixtures.options())
        let stage = DemoStage(session: session)
        var captions: [String] = []
        let player = DemoPlayer(script: DemoScript(scenario), pacing: DemoPacing(speed: 10))
        let ended = await DemoLoop.play(player, clock: InstantDemoClock(), control: { nil }) { event in
            await stage.perform(event)
            if captions.last != stage.caption { captions.append(stage.caption) }
        }
        #expect(!ended.hasQuit)
        #expect(stage.problems == [])
        #expect(stage.chapter == 6)
        #expect(captions.first == "The paywall: what Premium gives you, with a free week to try it")
        #expect(captions.last == "The retry worked: the subscription recovered")
        // The tour's own expectations (card typed a digit at a time, then success, premium,
        // grace, recovery) ran as steps: a miss would be listed in `problems`.
        #expect(session.state.screen == .settings)
        await session.close()
    }

    @Test @MainActor func skippingAChapterMovesTheCaptionOn() async throws {
        let scenario = try ScenarioParser.parse(contentsOf: KioskResourcesFlows.url().appendingPathComponent("demo/tour.yaml")).get()
        let session = try await ScenarioSession(scenario: scenario, catalog: QAFixtures.catalog(), options: QAFixtures.options())
        let stage = DemoStage(session: session)
        // Skip during the first chapter, then quit as soon as the caption changes: the skipped
        // chapter's steps are fast-forwarded first, and the next chapter's title comes with them.
        var calls = 0
        var captionsSeen: [String] = []
        let ended = await DemoLoop.play(DemoPlayer(script: DemoScript(scenario)), clock: InstantDemoClock(),
                                        control: {
                                            calls += 1
                                            if calls == 2 { return .skipChapter }
                                            if captionsSeen.last != stage.caption { captionsSeen.append(stage.caption) }
                                            return captionsSeen.count > 2 || calls > 10_000 ? .quit : nil
                                        },
                                        perform: { await stage.perform($0) })
        #expect(ended.hasQuit)
        #expect(captionsSeen.dropFirst().first == "The paywall: what Premium gives you, with a free week to try it")
        #expect(stage.caption == "Plan comparison: every feature, side by side")
        await session.close()
    }

    @Test @MainActor func aStepThatGoesDifferentlyIsListedAndTheDemoCarriesOn() async throws {
        let scenario = try QAFixtures.scenario("""
            name: off script
            steps:
              - chapter: One
              - expect: {wallet: 5}
              - act: tab.billing
            """)
        let session = try await ScenarioSession(scenario: scenario, catalog: QAFixtures.catalog(), options: QAFixtures.options())
        let stage = DemoStage(session: session)
        _ = await DemoLoop.play(DemoPlayer(script: DemoScript(scenario)), clock: InstantDemoClock(), control: { nil },
                                perform: { await stage.perform($0) })
        #expect(stage.problems == ["line 4: expected wallet: 5, found 0"])
        #expect(session.state.screen == .billing)
        await session.close()
    }
}
