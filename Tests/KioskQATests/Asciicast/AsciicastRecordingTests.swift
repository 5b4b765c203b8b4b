import Foundation
import KioskQA
import KioskScreens
import PaymentsCore
import Testing
import TerminalUI

@Suite struct AsciicastRecordingTests {
    static let purchase = """
        name: buy points
        size: 80x24
        customer: {name: ada}
        steps:
          - act: {paywall.select: points.500}
          - advance: P3D
          - act: paywall.continue
          - act: {checkout.pay-with: new-card}
          - act: {checkout.card-number: "4000 0566 5566 5556"}
          - expect: {screen: checkout}
        """

    @MainActor
    static func recordedRun(_ yaml: String = purchase) async throws -> ScenarioResult {
        var options = try QAFixtures.options()
        options.recordsAsciicast = true
        return await ScenarioRunner(options: options).run(try QAFixtures.scenario(yaml))
    }

    @Test @MainActor func aScenarioRecordsItsScreensAsAsciicastV2() async throws {
        let result = try await Self.recordedRun()
        #expect(result.passed, "\(result.failure?.report ?? "")")
        let file = try AsciicastFile(try #require(result.asciicast))
        #expect(file.header["version"] as? Int == 2)
        #expect(file.header["width"] as? Int == 80)
        #expect(file.header["height"] as? Int == 24)
        #expect(file.header["timestamp"] as? Int == Int(Scenario.defaultStart.timeIntervalSince1970))
        #expect((file.header["env"] as? [String: String])?["TERM"] != nil)
        // The start screen, then one per step that changed the screen (a new card is already the
        // chosen way to pay), half a second apart, and three days of the scenario's clock shown
        // as a pause of two seconds, not three days.
        #expect(file.events.allSatisfy { $0.kind == "o" })
        let times = file.events.map(\.time)
        #expect(times == [0, 0.5, 3.5, 4.5])

        let screens = try file.screens()
        let paywall = try #require(screens.first).joined(separator: "\n")
        #expect(paywall.contains("Premium"))
        #expect(paywall.contains("$"))
        // Replayed through a terminal model, the last frame is the screen the scenario ended on
        // (as its transcript has it, card number cut to its last four).
        let last = try #require(screens.last).map { $0.trimmingTrailingSpaces }
        let expected = try #require(result.transcript.last).screen.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String($0).trimmingTrailingSpaces }
        #expect(last == expected)
        #expect(!result.asciicast!.contains("0566 5566"))
        #expect(result.asciicast!.contains("5556"))
    }

    @Test @MainActor func theSameScenarioRecordsTheSameBytes() async throws {
        let first = try await Self.recordedRun()
        let second = try await Self.recordedRun()
        #expect(first.asciicast != nil)
        #expect(first.asciicast == second.asciicast)
    }

    @Test @MainActor func aFailingScenarioIsRecordedUpToItsFailure() async throws {
        let result = try await Self.recordedRun(Self.purchase.replacingOccurrences(of: "screen: checkout", with: "screen: billing"))
        #expect(!result.passed)
        let file = try AsciicastFile(try #require(result.asciicast))
        #expect(file.events.last?.time == 4.5)
    }

    @Test @MainActor func withoutTheOptionNothingIsRecorded() async throws {
        let result = await ScenarioRunner(options: try QAFixtures.options()).run(try QAFixtures.scenario(Self.purchase))
        #expect(result.asciicast == nil)
    }

    @Test @MainActor func theTourRecordsWithCaptionsAtTheDemosPace() async throws {
        let scenario = try ScenarioParser.parse(contentsOf: KioskResourcesFlows.url().appendingPathComponent("demo/tour.yaml")).get()
        let session = try await ScenarioSession(scenario: scenario, catalog: QAFixtures.catalog(), options: QAFixtures.options())
        let size = Size(width: 100, height: 32)
        let recorded = await DemoAsciicast.record(DemoScript(scenario), pacing: DemoPacing(speed: 10), session: session,
                                                  size: size, context: .monochrome)
        await session.close()
        #expect(recorded.problems == [])
        let file = try AsciicastFile(recorded.text)
        #expect(file.header["width"] as? Int == 100)
        #expect(file.header["height"] as? Int == 32)
        let times = file.events.map(\.time)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        // Paced at ten times the normal speed: some seconds, not none and not minutes.
        let length = try #require(times.last)
        #expect(length > 3 && length < 60, "\(length)")
        let screens = try file.screens()
        let paywall = try #require(screens.first { $0[0].contains("Chapter 1/7: The paywall") }).joined(separator: "\n")
        #expect(paywall.contains("The paywall: what Premium gives you"))
        #expect(paywall.contains("$"))
        let last = try #require(screens.last)
        #expect(last[1].contains("Demo finished"))
        #expect(!recorded.text.contains("4242 4242 4242 4242"))
    }

    @Test func filesAreOwnerOnlyAndBadPathsAreNamed() throws {
        let folder = try QAFixtures.scratch("asciicast")
        let file = folder.appendingPathComponent("demo.cast")
        try AsciicastFiles.checkFile(file.path)
        try AsciicastFiles.write("{}\n", to: file)
        let mode = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
        #expect(mode == 0o600)
        #expect(throws: AsciicastFiles.PathError.self) { try AsciicastFiles.checkFile(folder.path) }
        do {
            try AsciicastFiles.checkFile(folder.appendingPathComponent("missing/demo.cast").path)
            Issue.record("a missing folder was accepted")
        } catch {
            #expect(error.description.contains("the folder \(folder.path)/missing does not exist"))
        }
        do {
            try AsciicastFiles.prepareFolder(file.path)
            Issue.record("a file was taken for a folder")
        } catch {
            #expect(error.description == "\(file.path): is a file, not a folder")
        }
        let made = folder.appendingPathComponent("casts/nested")
        try AsciicastFiles.prepareFolder(made.path)
        let folderMode = try #require(try FileManager.default.attributesOfItem(atPath: made.path)[.posixPermissions] as? Int)
        #expect(folderMode == 0o700)
    }

    @Test func controlCharactersAreEscapedAsJSON() throws {
        var recording = AsciicastRecording(size: Size(width: 4, height: 1), colorLevel: .none, timestamp: Date(timeIntervalSince1970: 0))
        var frame = Frame(size: Size(width: 4, height: 1))
        frame.buffer.write("\"\\ab", x: 0, y: 0)
        recording.add(frame, at: 0.25)
        let file = try AsciicastFile(recording.text)
        #expect(file.events.count == 1)
        #expect(file.events[0].time == 0.25)
        #expect(file.events[0].text.contains("\u{1B}[2J"))
        #expect(try file.screens()[0] == ["\"\\ab"])
    }
}

private extension String {
    var trimmingTrailingSpaces: String {
        var text = self
        while text.last == " " { text.removeLast() }
        return text
    }
}
