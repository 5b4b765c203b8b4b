import Foundation
import Testing

/// `kiosk demo --asciicast FILE` and `kiosk qa run --asciicast DIR`: the recordings as files.
@Suite struct AsciicastCommandTests {
    private func lines(_ file: URL) throws -> [[Any]] {
        let text = try String(contentsOf: file, encoding: .utf8)
        return try text.split(separator: "\n").dropFirst().map {
            try #require(try JSONSerialization.jsonObject(with: Data($0.utf8)) as? [Any])
        }
    }

    private func header(_ file: URL) throws -> [String: Any] {
        let text = try String(contentsOf: file, encoding: .utf8)
        let first = try #require(text.split(separator: "\n").first)
        return try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
    }

    private func mode(_ file: URL) throws -> Int {
        try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.posixPermissions] as? Int)
    }

    @Test func theDemoRecordsWithoutATerminalTheSameOnEveryRun() throws {
        let folder = KioskProcess.temporaryDirectory("demo-cast")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let first = folder.appendingPathComponent("tour.cast")
        let second = folder.appendingPathComponent("again.cast")
        for file in [first, second] {
            let outcome = try KioskProcess.run(["demo", "--speed", "20", "--asciicast", file.path])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stderr.contains("wrote \(file.path)"))
        }
        #expect(try mode(first) == 0o600)
        #expect(try Data(contentsOf: first) == Data(contentsOf: second))
        let header = try header(first)
        #expect(header["version"] as? Int == 2)
        #expect(header["width"] as? Int == 100)
        #expect(header["height"] as? Int == 32)
        let events = try lines(first)
        let times = events.compactMap { $0.first as? Double }
        #expect(times.count == events.count)
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 <= $1 })
        // Frames after the first paint only what changed, so only whole captions are looked for
        // here; the screens themselves are replayed in AsciicastRecordingTests.
        let output = events.compactMap { $0.last as? String }.joined()
        #expect(output.contains("The paywall: what Premium gives you"))
        #expect(!output.contains("4242 4242 4242 4242"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted() == ["again.cast", "tour.cast"])
    }

    @Test func badDemoPathsAreClearErrors() throws {
        let folder = KioskProcess.temporaryDirectory("demo-cast-bad")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let missing = try KioskProcess.run(["demo", "--asciicast", folder.appendingPathComponent("none/tour.cast").path])
        #expect(missing.status == 73)
        #expect(missing.stderr.contains("the folder \(folder.path)/none does not exist"), "\(missing.stderr)")
        let isFolder = try KioskProcess.run(["demo", "--asciicast", folder.path])
        #expect(isFolder.status == 73)
        #expect(isFolder.stderr.contains("\(folder.path): is a folder, not a file"), "\(isFolder.stderr)")
        let looped = try KioskProcess.run(["demo", "--loop", "--asciicast", folder.appendingPathComponent("t.cast").path])
        #expect(looped.status == 64)
        #expect(looped.stderr.contains("--asciicast records one round"), "\(looped.stderr)")
    }

    @Test func aQARunWritesOneRecordingPerScenario() throws {
        let flows = QARunCommandTests.flows
        let casts = KioskProcess.temporaryDirectory("qa-casts").appendingPathComponent("casts")
        let outcome = try KioskProcess.run(["qa", "run", flows.appendingPathComponent("points-wallet.yaml").path,
                                            flows.appendingPathComponent("promo-code.yaml").path, "--asciicast", casts.path])
        #expect(outcome.status == 0, "\(outcome.stdout)\n\(outcome.stderr)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: casts.path).sorted() == ["points-wallet.cast", "promo-code.cast"])
        let folderMode = try mode(casts)
        #expect(folderMode == 0o700)
        let file = casts.appendingPathComponent("points-wallet.cast")
        #expect(try mode(file) == 0o600)
        #expect(try header(file)["version"] as? Int == 2)
        let events = try lines(file)
        #expect(events.count > 2)
        #expect(events.allSatisfy { $0.count == 3 && $0[1] as? String == "o" })
    }

    @Test func aQARunRefusesAFileForItsFolderBeforeRunning() throws {
        let folder = KioskProcess.temporaryDirectory("qa-casts-bad")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("taken")
        try Data("x".utf8).write(to: file)
        let outcome = try KioskProcess.run(["qa", "run", QARunCommandTests.flows.appendingPathComponent("promo-code.yaml").path,
                                            "--asciicast", file.path])
        #expect(outcome.status == 73)
        #expect(outcome.stdout.isEmpty)
        #expect(outcome.stderr.contains("kiosk: \(file.path): is a file, not a folder"), "\(outcome.stderr)")
    }
}
