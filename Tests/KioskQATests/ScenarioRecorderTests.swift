import Foundation
import KioskQA
import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

@Suite struct ScenarioRecorderTests {
    /// Runs keys in a live headless session while recording them, as `kiosk qa record` does.
    @MainActor
    private func recordSession(_ keys: [TerminalAction], scenario: Scenario, recorder: inout ScenarioRecorder) async throws -> TerminalState {
        let session = try await ScenarioSession(scenario: scenario, catalog: QAFixtures.catalog(), options: QAFixtures.options())
        for action in keys {
            let before = session.state
            await session.send(action)
            recorder.record(action, before: before, after: session.state)
        }
        let end = session.state
        await session.close()
        return end
    }

    @Test @MainActor func aRecordedSessionReplaysToTheSameState() async throws {
        let start = Scenario(file: "live", name: "recorded", seed: 9, size: Size(width: 100, height: 30),
                             customer: CustomerSetup(name: "rec", card: "4242424242424242"), steps: [])
        var recorder = ScenarioRecorder(name: "recorded", seed: 9, size: start.size, customer: start.customer)
        let actions: [TerminalAction] = [.key(.character("2")), .key(.character("3")), .resized(Size(width: 120, height: 40)),
                                         .key(.character("4")), .app(.pollChanges), .key(.character("1")), .key(.character("?")),
                                         .key(.escape), .clockTicked(Scenario.defaultStart.addingTimeInterval(30)),
                                         .clockTicked(Scenario.defaultStart.addingTimeInterval(60)),
                                         .clockTicked(Scenario.defaultStart.addingTimeInterval(90))]
        let live = try await recordSession(actions, scenario: start, recorder: &recorder)
        let yaml = recorder.yaml()
        #expect(yaml.contains(#"  - press: ["2", "3"]"#))
        #expect(yaml.contains("  - resize: 120x40"))
        #expect(yaml.contains("  - advance: PT90S"))
        #expect(yaml.components(separatedBy: "advance:").count == 2)

        let folder = try QAFixtures.scratch("recorder")
        let file = folder.appendingPathComponent("recorded.yaml")
        try Data(yaml.utf8).write(to: file)
        let replay = try ScenarioParser.parse(contentsOf: file).get()
        let result = await ScenarioRunner(options: try QAFixtures.options()).run(replay)
        #expect(result.passed)
        #expect(result.finalState?.app == live.app)
        #expect(result.finalState?.size == live.size)
        #expect(result.finalState?.screen == live.screen)
    }

    @Test @MainActor func theFileEndsByExpectingTheScreenTheSessionStoppedOn() async throws {
        let start = Scenario(file: "live", name: "end", size: Size(width: 100, height: 30), steps: [])
        var recorder = ScenarioRecorder(name: "end", size: start.size)
        let end = try await recordSession([.key(.character("3"))], scenario: start, recorder: &recorder)
        recorder.expectEnd(end)
        let yaml = recorder.yaml()
        #expect(yaml.hasSuffix("  - press: [\"3\"]\n  - expect: {screen: billing}\n"))
        let replay = try ScenarioParser.parse(yaml: yaml, file: "end.yaml").get()
        #expect(await ScenarioRunner(options: try QAFixtures.options()).run(replay).passed)
        // A replay that ends elsewhere now fails instead of passing quietly.
        let drifted = try ScenarioParser.parse(yaml: yaml.replacingOccurrences(of: "[\"3\"]", with: "[\"2\"]"), file: "end.yaml").get()
        #expect(await !ScenarioRunner(options: try QAFixtures.options()).run(drifted).passed)
    }

    @Test @MainActor func aRealCardNumberAndCVCNeverReachTheFile() async throws {
        let start = Scenario(file: "live", name: "card", size: Size(width: 100, height: 30), steps: [])
        let session = try await ScenarioSession(scenario: start, catalog: QAFixtures.catalog(), options: QAFixtures.options())
        await session.send(.app(.paywall(.selectPackage(productID: "points.500"))))
        await session.send(.app(.paywall(.continueTapped)))
        var recorder = ScenarioRecorder(name: "card", size: start.size)
        // The checkout's keys are the screen's business; what counts is which field each key changed.
        let real = "4929123412341238"
        for (index, digit) in real.enumerated() {
            let before = session.state
            await session.send(.app(.checkout(.cardNumberChanged(String(real.prefix(index + 1))))))
            recorder.record(.key(.character(digit)), before: before, after: session.state)
        }
        for (index, digit) in "987".enumerated() {
            let before = session.state
            await session.send(.app(.checkout(.cardCVCChanged(String("987".prefix(index + 1))))))
            recorder.record(.key(.character(digit)), before: before, after: session.state)
        }
        await session.close()
        let yaml = recorder.yaml()
        #expect(!yaml.contains(#""4", "9", "2", "9""#))
        #expect(!yaml.contains(#""9", "8", "7""#))
        #expect(yaml.contains("# card number replaced by the test card 4242424242424242"))
        #expect(yaml.contains(#"["4", "2", "4", "2", "4", "2", "4", "2", "4", "2", "4", "2", "4", "2", "4", "2"]"#))
        #expect(yaml.contains("# security code written as 123"))
        #expect(yaml.contains(#"["1", "2", "3"]"#))
        #expect(throws: Never.self) { try ScenarioParser.parse(yaml: yaml, file: "card.yaml").get() }
    }

    @Test @MainActor func anAmericanExpressCardIsWrittenWithAFourDigitSecurityCode() async throws {
        let start = Scenario(file: "live", name: "amex", size: Size(width: 100, height: 30), steps: [])
        let session = try await ScenarioSession(scenario: start, catalog: QAFixtures.catalog(), options: QAFixtures.options())
        await session.send(.app(.paywall(.selectPackage(productID: "points.500"))))
        await session.send(.app(.paywall(.continueTapped)))
        var recorder = ScenarioRecorder(name: "amex", size: start.size)
        let amex = "378282246310005"
        for (index, digit) in amex.enumerated() {
            let before = session.state
            await session.send(.app(.checkout(.cardNumberChanged(String(amex.prefix(index + 1))))))
            recorder.record(.key(.character(digit)), before: before, after: session.state)
        }
        for (index, digit) in "9876".enumerated() {
            let before = session.state
            await session.send(.app(.checkout(.cardCVCChanged(String("9876".prefix(index + 1))))))
            recorder.record(.key(.character(digit)), before: before, after: session.state)
        }
        await session.close()
        let yaml = recorder.yaml()
        #expect(!yaml.contains(#""9", "8", "7", "6""#))
        #expect(yaml.contains("# security code written as 1234"))
        #expect(yaml.contains(#"["1", "2", "3", "4"]"#))
    }

    @Test @MainActor func aTestCardNumberIsKeptAsTyped() async throws {
        let start = Scenario(file: "live", name: "card", size: Size(width: 100, height: 30), steps: [])
        let session = try await ScenarioSession(scenario: start, catalog: QAFixtures.catalog(), options: QAFixtures.options())
        await session.send(.app(.paywall(.selectPackage(productID: "points.500"))))
        await session.send(.app(.paywall(.continueTapped)))
        var recorder = ScenarioRecorder(name: "card", size: start.size)
        let decline = "4000000000000002"
        for (index, digit) in decline.enumerated() {
            let before = session.state
            await session.send(.app(.checkout(.cardNumberChanged(String(decline.prefix(index + 1))))))
            recorder.record(.key(.character(digit)), before: before, after: session.state)
        }
        await session.close()
        let yaml = recorder.yaml()
        #expect(!yaml.contains("replaced"))
        #expect(yaml.contains(#"["4", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "0", "2"]"#))
    }
}
