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
        #expect(outcome.stderr.contains("\(file.path):4:14: error: advance must be an ISO 8601 duration"))
    }

    @Test func usageErrorsExit64() throws {
        let missing = try KioskProcess.run(["qa", "run", "/nonexistent/flows"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("/nonexistent/flows: no such file or folder"))
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
