import Foundation
import KioskQA
import KioskScreens
import Testing

@Suite struct ScenarioRunnerTests {
    static let purchase = """
        name: buy points
        tags: [points]
        customer: {name: ada, card: "4242424242424242"}
        steps:
          - act: {paywall.select: points.500}
          - act: paywall.continue
          - act: checkout.submit
          - expect: {checkout: succeeded, wallet: 500, invoices: {count: 1, total: 499}, invariants: hold}
        """

    @Test @MainActor func aPassingScenarioRunsEveryStep() async throws {
        let scenario = try QAFixtures.scenario(Self.purchase)
        let result = await ScenarioRunner(options: try QAFixtures.options()).run(scenario)
        #expect(result.failure == nil)
        #expect(result.stepsRun == 4)
        #expect(result.progressLine == "PASS buy points (4 steps)")
        #expect(result.finalState?.screen == .checkout)
    }

    /// Issue 41, item 20: `paywall.select: nope.product` passed, and the scenario went on to buy Yearly.
    @Test @MainActor func selectingAProductThePaywallDoesNotOfferFailsTheStep() async throws {
        let scenario = try QAFixtures.scenario(Self.purchase.replacingOccurrences(of: "paywall.select: points.500",
                                                                                  with: "paywall.select: nope.product"))
        let result = await ScenarioRunner(options: try QAFixtures.options()).run(scenario)
        let failure = try #require(result.failure)
        #expect(failure.line == 5)
        #expect(failure.actual.hasPrefix("the paywall offers no package 'nope.product' (it offers "))
        #expect(failure.actual.contains("points.500"))
        #expect(result.stepsRun == 1)
    }

    @Test @MainActor func aBrokenExpectationReportsItsLineTheActualValueAndTheScreen() async throws {
        let scenario = try QAFixtures.scenario(Self.purchase.replacingOccurrences(of: "wallet: 500", with: "wallet: 700"),
                                               file: "flows/points.yaml")
        let result = await ScenarioRunner(options: try QAFixtures.options()).run(scenario)
        let failure = try #require(result.failure)
        #expect(failure.file == "flows/points.yaml")
        #expect(failure.line == 8)
        #expect(failure.expected == "wallet: 700")
        #expect(failure.actual == "500")
        #expect(!failure.screen.isEmpty)
        #expect(failure.report.hasPrefix("flows/points.yaml:8:"))
        #expect(result.progressLine == "FAIL buy points")
        let summary = ScenarioSummary.text([result])
        #expect(summary.hasSuffix("\n0 passed, 1 failed\n"))
    }

    @Test @MainActor func runsManyScenariosAndKeepsTheirOrder() async throws {
        let first = try QAFixtures.scenario(Self.purchase)
        let second = try QAFixtures.scenario("""
            name: tabs
            steps:
              - press: "3"
              - expect: {screen: billing}
            """)
        var heard: [String] = []
        let results = await ScenarioRunner(options: try QAFixtures.options()).run([first, second, first]) { heard.append($0.scenario.name) }
        #expect(results.map(\.scenario.name) == ["buy points", "tabs", "buy points"])
        #expect(results.allSatisfy { $0.passed })
        #expect(heard.sorted() == ["buy points", "buy points", "tabs"])
    }

    @Test @MainActor func snapshotsAreRecordedOnRequestThenCompared() async throws {
        let folder = try QAFixtures.scratch("snapshots")
        let file = folder.appendingPathComponent("tabs.yaml").path
        let yaml = """
            name: snapshot
            size: 80x24
            steps:
              - press: "2"
              - snapshot: plans
            """
        let scenario = try QAFixtures.scenario(yaml, file: file)
        let missing = await ScenarioRunner(options: try QAFixtures.options()).run(scenario)
        #expect(missing.failure?.actual.contains("--update-snapshots") == true)

        let recorded = await ScenarioRunner(options: try QAFixtures.options(updateSnapshots: true)).run(scenario)
        #expect(recorded.passed)
        let stored = folder.appendingPathComponent("tabs.snapshots/plans.txt")
        #expect(FileManager.default.fileExists(atPath: stored.path))

        let compared = await ScenarioRunner(options: try QAFixtures.options()).run(scenario)
        #expect(compared.passed)

        try Data("not the screen\n".utf8).write(to: stored)
        let changed = await ScenarioRunner(options: try QAFixtures.options()).run(scenario)
        #expect(changed.failure?.expected.contains("not the screen") == true)
    }

    @Test @MainActor func junitAndTranscriptsDescribeTheRun() async throws {
        let passing = try QAFixtures.scenario(Self.purchase)
        let failing = try QAFixtures.scenario(Self.purchase.replacingOccurrences(of: "name: buy points", with: "name: a <bad> one")
            .replacingOccurrences(of: "wallet: 500", with: "wallet: 1"))
        let results = await ScenarioRunner(options: try QAFixtures.options()).run([passing, failing])
        let xml = JUnitReport.xml(results)
        #expect(xml.contains(#"<testsuites name="kiosk-qa" tests="2" failures="1">"#))
        #expect(xml.contains(#"<testcase classname="test.yaml" name="buy points"/>"#))
        #expect(xml.contains(#"name="a &lt;bad&gt; one">"#))
        #expect(xml.contains("<failure message=\"expect at line 8: expected wallet: 1\">"))

        let folder = try QAFixtures.scratch("transcripts")
        try TranscriptWriter.write(results, to: folder)
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names == ["test-2.txt", "test.txt"])
        let text = try String(contentsOf: folder.appendingPathComponent("test.txt"), encoding: .utf8)
        #expect(text.contains("## line 5: act paywall.select points.500"))
    }

    @Test @MainActor func aStepThatCannotApplyFailsWithTheReason() async throws {
        let scenario = try QAFixtures.scenario("""
            name: no card
            steps:
              - act: {paywall.select: points.500}
              - act: paywall.continue
              - act: {checkout.pay-with: saved-card}
            """)
        let result = await ScenarioRunner(options: try QAFixtures.options()).run(scenario)
        #expect(result.failure?.actual == "the checkout has no saved card")
        #expect(result.failure?.line == 5)
    }

    @Test @MainActor func aScenarioCanNameItsOwnCatalog() async throws {
        let folder = try QAFixtures.scratch("catalog")
        let catalog = try String(contentsOf: QAFixtures.catalogURL(), encoding: .utf8)
            .replacingOccurrences(of: "price: 499, points: 500", with: "price: 599, points: 500")
        try Data(catalog.utf8).write(to: folder.appendingPathComponent("cheaper.yaml"))
        let yaml = Self.purchase.replacingOccurrences(of: "tags: [points]", with: "catalog: cheaper.yaml")
            .replacingOccurrences(of: "total: 499", with: "total: 599")
        let scenario = try QAFixtures.scenario(yaml, file: folder.appendingPathComponent("s.yaml").path)
        let result = await ScenarioRunner(options: try QAFixtures.options()).run(scenario)
        #expect(result.failure == nil, "\(result.failure?.report ?? "")")

        let missing = try QAFixtures.scenario(Self.purchase.replacingOccurrences(of: "tags: [points]", with: "catalog: nowhere.yaml"),
                                              file: folder.appendingPathComponent("m.yaml").path)
        let failed = await ScenarioRunner(options: try QAFixtures.options()).run(missing)
        #expect(failed.failure?.step == "setup")
        #expect(failed.failure?.line == 1)
    }
}
