import Foundation
import Testing

@Suite struct QARunCommandTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
    static let flows = repository.appendingPathComponent("Resources/flows")

    @Test func theWholeLibraryPasses() throws {
        let junit = KioskProcess.temporaryDirectory("qa-junit").appendingPathExtension("xml")
        let outcome = try KioskProcess.run(["qa", "run", Self.flows.path, "--junit", junit.path])
        #expect(outcome.status == 0, "\(outcome.stdout)\n\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        let passes = lines.filter { $0.hasPrefix("PASS ") }
        #expect(passes.count >= 20)
        #expect(lines.last == "\(passes.count) passed, 0 failed")
        let xml = try String(contentsOf: junit, encoding: .utf8)
        #expect(xml.contains(#"tests="\#(passes.count)" failures="0""#))
    }

    @Test func aBrokenExpectationFailsTheRunWithAClearReport() throws {
        let folder = KioskProcess.temporaryDirectory("qa-broken")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let original = try String(contentsOf: Self.flows.appendingPathComponent("points-wallet.yaml"), encoding: .utf8)
        let broken = original.replacingOccurrences(of: "wallet: 1000}", with: "wallet: 999}")
        #expect(broken != original)
        let file = folder.appendingPathComponent("points-wallet.yaml")
        try Data(broken.utf8).write(to: file)
        try FileManager.default.copyItem(at: Self.flows.appendingPathComponent("promo-code.yaml"),
                                         to: folder.appendingPathComponent("promo-code.yaml"))
        let transcripts = folder.appendingPathComponent("transcripts")

        let outcome = try KioskProcess.run(["qa", "run", folder.path, "--transcript", transcripts.path])
        #expect(outcome.status == 1)
        let lines = outcome.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.contains("FAIL points pack and wallet"))
        #expect(lines.contains("PASS promo code (7 steps)"))
        #expect(lines.contains("\(file.path):9:35: expect failed"))
        #expect(lines.contains("  expected: wallet: 999"))
        #expect(lines.contains("  actual:   1000"))
        #expect(lines.contains("  screen:"))
        #expect(lines.contains("1 passed, 1 failed"))
        #expect(FileManager.default.fileExists(atPath: transcripts.appendingPathComponent("points-wallet.txt").path))
    }

    @Test func anInvalidFileIsReportedWithItsPositionAndNothingRuns() throws {
        let folder = KioskProcess.temporaryDirectory("qa-invalid")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("bad.yaml")
        try Data("""
            name: bad
            steps:
              - press: [enter, warp]
              - advance: soon
            """.utf8).write(to: file)
        let outcome = try KioskProcess.run(["qa", "run", file.path])
        #expect(outcome.status == 65)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("\(file.path):3:20: error: unknown key name 'warp'"))
        #expect(outcome.stderr.contains("\(file.path):4:14: error: advance: \"soon\" needs a number in front, as in 2 weeks or 36h."
            + " Accepted forms: 1 month, 2 weeks, 36h, 1d or P1M (ISO 8601), or a number of days."))
    }

    /// Issue 41, item 20: an id the catalog does not have is refused before anything runs, with
    /// its line and the ids the catalog does have; durations read as the QA panel's field reads them.
    @Test func anUnknownCatalogIdIsRefusedWithItsLineAndTheKnownIds() throws {
        let folder = KioskProcess.temporaryDirectory("qa-unknown-id")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("unknown.yaml")
        try Data("""
            name: unknown ids
            steps:
              - advance: 2 weeks
              - act: {paywall.select: nope.product}
              - act: {plans.select: platinum}
              - expect: {entitlement: gold}
            """.utf8).write(to: file)
        let outcome = try KioskProcess.run(["qa", "run", file.path])
        #expect(outcome.status == 65, "\(outcome.stdout)\(outcome.stderr)")
        #expect(outcome.stdout.isEmpty)
        let lines = outcome.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains("\(file.path):4:5: error: unknown product 'nope.product' (known: pro.monthly, pro.yearly, "
            + "enterprise.monthly, enterprise.yearly, points.500, points.1000, points.5000, themes.lifetime, season.pass)"),
                "\(outcome.stderr)")
        #expect(lines.contains("\(file.path):5:5: error: unknown plan 'platinum' (known: free, pro, enterprise)"))
        #expect(lines.contains { $0.hasPrefix("\(file.path):6:14: error: unknown entitlement 'gold' (known: premium, enterprise, themes") })
        #expect(lines.count == 3, "the friendly duration on line 3 is accepted")
    }

    @Test func usageErrorsExit64() throws {
        let missing = try KioskProcess.run(["qa", "run", "/nonexistent/flows"])
        #expect(missing.status == 64)
        #expect(missing.stderr == "kiosk: /nonexistent/flows: no such file or folder\n", "one prefix for every error (issue 41, item 22)")
        let filtered = try KioskProcess.run(["qa", "run", Self.flows.path, "--filter", "no-such-tag"])
        #expect(filtered.status == 64)
        #expect(filtered.stderr.contains("no scenario to run with tag no-such-tag"))
    }

    @Test func aTagFilterRunsOnlyMatchingScenarios() throws {
        let outcome = try KioskProcess.run(["qa", "run", Self.flows.path, "--filter", "hosted-checkout"])
        #expect(outcome.status == 0, "\(outcome.stdout)\n\(outcome.stderr)")
        #expect(outcome.stdout.hasSuffix("5 passed, 0 failed\n"))
    }
}
