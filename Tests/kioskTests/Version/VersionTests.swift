import Foundation
import Testing

/// `kiosk --version` names the release, the commit and the compiler the binary was built with.
@Suite struct VersionTests {
    @Test func versionNamesReleaseCommitAndCompiler() throws {
        let outcome = try KioskProcess.run(["--version"])
        #expect(outcome.status == 0, "\(outcome.stderr)")
        let lines = outcome.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(outcome.stdout)")
        #expect(lines.first?.wholeMatch(of: /kiosk \d+\.\d+\.\d+/) != nil, "\(outcome.stdout)")
        // A git checkout records its abbreviated commit (dirty when files differ); a copy of the
        // sources without git says unknown.
        #expect(lines.dropFirst().first?.wholeMatch(of: /commit ([0-9a-f]{12}(-dirty)?|unknown)/) != nil,
                "\(outcome.stdout)")
        #expect(lines.last?.hasPrefix("Swift version ") == true, "\(outcome.stdout)")
    }

    @Test func buildInfoScriptRecordsTheCommitItIsGiven() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-build-info-\(UUID())")
        defer { try? FileManager.default.removeItem(at: output) }
        let script = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../../scripts/build-info.sh").standardized
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        // A directory outside any git checkout: only the variable names the commit.
        process.arguments = [script.path, "/", output.path]
        process.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin",
                               "KIOSK_BUILD_COMMIT": "0123456789ab"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = try String(contentsOf: output.appendingPathComponent("BuildInfo.swift"), encoding: .utf8)
        #expect(text.contains(#"static let commit = "0123456789ab""#))

        let unknown = Process()
        unknown.executableURL = URL(fileURLWithPath: "/bin/sh")
        unknown.arguments = [script.path, "/", output.path]
        unknown.environment = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        try unknown.run()
        unknown.waitUntilExit()
        let withoutGit = try String(contentsOf: output.appendingPathComponent("BuildInfo.swift"), encoding: .utf8)
        #expect(withoutGit.contains(#"static let commit = "unknown""#))
    }
}
