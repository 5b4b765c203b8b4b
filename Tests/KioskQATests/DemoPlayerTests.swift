import Foundation
import KioskQA
import Testing

/// Records the waits instead of sleeping.
actor RecordingDemoClock: DemoClock {
    private(set) var waits: [Double] = []

    func sleep(seconds: Double) async { waits.append(seconds) }
}

@Suite struct DemoPlayerTests {
    static let yaml = """
        name: tour
        seed: 3
        steps:
          - act: tab.paywall
          - chapter: Checkout
          - act: {checkout.card-expiry: "12/3"}
          - type: hi
          - caption: Typed
          - chapter: Billing
          - act: tab.billing
        """

    private func events(_ player: inout DemoPlayer) -> [DemoCue] {
        var cues: [DemoCue] = []
        while let cue = player.next() { cues.append(cue) }
        return cues
    }

    private func describe(_ event: DemoEvent) -> String {
        switch event {
        case let .chapter(index, caption): "chapter \(index) \(caption)"
        case let .caption(text): "caption \(text)"
        case let .step(step):
            switch step.kind {
            case let .act(action): "act \(action.name) \(action.argument ?? "")"
            case let .press(keys): "press \(keys)"
            default: "step \(step.name)"
            }
        }
    }

    @Test func cutsTheScriptIntoChapters() throws {
        let script = DemoScript(try QAFixtures.scenario(Self.yaml))
        #expect(script.chapters.map(\.caption) == ["tour", "Checkout", "Billing"])
        #expect(script.chapters.map(\.steps.count) == [1, 3, 1])
    }

    @Test func typesCardFieldsAndTextOneCharacterAtATime() throws {
        var player = DemoPlayer(script: DemoScript(try QAFixtures.scenario(Self.yaml)))
        let cues = events(&player)
        #expect(cues.map { describe($0.event) } == [
            "chapter 0 tour", "act tab.paywall ",
            "chapter 1 Checkout", "act checkout.card-expiry 1", "act checkout.card-expiry 12", "act checkout.card-expiry 12/",
            "act checkout.card-expiry 12/3", #"press [TerminalUI.Key.character("h")]"#, #"press [TerminalUI.Key.character("i")]"#,
            "caption Typed", "chapter 2 Billing", "act tab.billing ",
        ])
        let pacing = DemoPacing()
        // A chapter's title waits between chapters, then its first step comes with it, so the
        // caption changes with the screen; typing goes at a person's pace.
        #expect(cues[0].delay == 0 && cues[1].delay == 0)
        #expect(cues[2].delay == pacing.chapter && cues[3].delay == 0)
        for cue in cues[4...6] {
            #expect(cue.delay >= pacing.keystroke && cue.delay <= pacing.keystroke + pacing.jitter)
        }
        #expect(cues[7].delay == pacing.step)
        // A caption and the step after it come together too.
        #expect(cues[9].delay == pacing.step && cues[10].delay == pacing.chapter && cues[11].delay == 0)
    }

    @Test func theSpeedFactorScalesEveryWait() throws {
        let script = DemoScript(try QAFixtures.scenario(Self.yaml))
        var normal = DemoPlayer(script: script)
        var fast = DemoPlayer(script: script, pacing: DemoPacing(speed: 4))
        let slow = events(&normal).map(\.delay)
        let quick = events(&fast).map(\.delay)
        #expect(slow.count == quick.count)
        for (a, b) in zip(slow, quick) { #expect(abs(a / 4 - b) < 1e-9) }
    }

    @Test func skipFastForwardsTheChapterInsteadOfDroppingIt() throws {
        var player = DemoPlayer(script: DemoScript(try QAFixtures.scenario(Self.yaml)))
        _ = player.next()
        player.handle(.skipChapter)
        var skipped = [player.next(), player.next()].compactMap { $0 }
        #expect(skipped.map { describe($0.event) } == ["act tab.paywall ", "chapter 1 Checkout"])
        #expect(skipped.allSatisfy { $0.delay == 0 })
        #expect(player.next().map { describe($0.event) } == "act checkout.card-expiry 1")
        player.handle(.skipChapter)
        skipped = []
        while let cue = player.next() {
            skipped.append(cue)
            if case .chapter = cue.event { break }
        }
        // The rest of the typing and the typed text are applied at once; the caption is not.
        #expect(skipped.map { describe($0.event) } == [
            "act checkout.card-expiry 12", "act checkout.card-expiry 12/", "act checkout.card-expiry 12/3", "step type",
            "chapter 2 Billing",
        ])
        #expect(skipped.allSatisfy { $0.delay == 0 })
        player.handle(.togglePause)
        #expect(player.next() == nil)
        player.handle(.togglePause)
        #expect(player.next().map { describe($0.event) } == "act tab.billing ")
        player.handle(.quit)
        #expect(player.next() == nil)
        #expect(player.hasQuit)
    }

    @Test func skipWorksWhilePaused() throws {
        var player = DemoPlayer(script: DemoScript(try QAFixtures.scenario(Self.yaml)))
        _ = player.next()
        player.handle(.togglePause)
        #expect(player.next() == nil)
        player.handle(.skipChapter)
        #expect(player.hasImmediateCue)
        #expect(player.next().map { describe($0.event) } == "act tab.paywall ")
        #expect(player.next().map { describe($0.event) } == "chapter 1 Checkout")
        // Still paused once the skip is done.
        #expect(player.next() == nil && player.isPaused)
    }

    @Test @MainActor func theLoopWaitsOnTheInjectedClockAndObeysControls() async throws {
        let clock = RecordingDemoClock()
        let player = DemoPlayer(script: DemoScript(try QAFixtures.scenario(Self.yaml)))
        var controls: [DemoControl?] = [nil, .togglePause, nil, .togglePause, nil, .quit]
        var performed: [String] = []
        let ended = await DemoLoop.play(player, clock: clock, control: {
            controls.isEmpty ? nil : controls.removeFirst()
        }, perform: { performed.append(describe($0)) })
        #expect(ended.hasQuit)
        #expect(performed == ["chapter 0 tour", "act tab.paywall "])
        let waits = await clock.waits
        // The first step follows its chapter's title at once; the only wait is the paused poll.
        #expect(waits == [0.1])
    }

    @Test @MainActor func theShippedTourPassesAsAScenario() async throws {
        let flows = try #require(URL(string: "demo/tour.yaml", relativeTo: KioskResourcesFlows.url()))
        let scenario = try ScenarioParser.parse(contentsOf: flows).get()
        let script = DemoScript(scenario)
        #expect(script.chapters.count == 7)
        let result = await ScenarioRunner(options: try QAFixtures.options()).run(scenario)
        #expect(result.failure == nil, "\(result.failure?.report ?? "")")
    }
}
