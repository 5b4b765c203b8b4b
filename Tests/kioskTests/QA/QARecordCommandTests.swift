import Foundation
import Testing

/// `kiosk qa record` in a real terminal, then the file it wrote replayed by `kiosk qa run`.
@Suite(.oneTerminalAtATime) struct QARecordCommandTests {
    @Test func aRecordedSessionReplaysToTheSameEndState() throws {
        let folder = KioskProcess.temporaryDirectory("qa-record")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("manual.yaml")
        let session = try TmuxSession(["qa", "record", file.path, "--seed", "7"])
        let first = try session.waitFor(text: "▸1 Store")
        #expect(first.split(separator: "\n").first?.hasSuffix("Recording") == true, "\(first)")
        try session.sendKeys("2")
        try session.waitFor(text: "▸2 Plans")
        try session.sendKeys("3")
        try session.waitFor(text: "▸3 Billing")
        try session.sendKeys("1")
        try session.waitFor(text: "▸1 Store")
        try session.sendKeys("Down", "Enter")
        try session.waitFor(text: "Order summary")
        try session.sendKeys("Escape")
        try session.waitFor("the checkout to close") { !$0.contains("Order summary") && $0.contains("▸1 Store") }
        try session.sendKeys("q")
        let screen = try session.waitFor(text: "TTY ")
        #expect(screen.contains("EXITED 0"), "\(screen)")
        #expect(screen.contains("TTY icanon echo"), "\(screen)")
        // Printed after the terminal is restored, and still there once the shell writes again.
        #expect(screen.contains("Replay it with: kiosk qa run"), "\(screen)")

        let yaml = try String(contentsOf: file, encoding: .utf8)
        #expect(yaml.contains("seed: 7"))
        #expect(yaml.contains(#"- press: ["2"]"#) || yaml.contains(#"- press: ["2", "3""#), "\(yaml)")
        #expect(yaml.contains(#""enter""#) && yaml.contains(#""esc""#), "\(yaml)")
        #expect(yaml.hasSuffix("  - expect: {screen: paywall}\n"), "\(yaml)")
        let replay = try KioskProcess.run(["qa", "run", file.path])
        #expect(replay.status == 0, "\(replay.stdout)\n\(replay.stderr)\n\(yaml)")
        #expect(replay.stdout.contains("1 passed, 0 failed"))
    }

    @Test func anExistingFileIsNotOverwrittenWithoutForce() throws {
        let folder = KioskProcess.temporaryDirectory("qa-record-exists")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("kept.yaml")
        try Data("keep me".utf8).write(to: file)
        let outcome = try KioskProcess.run(["qa", "record", file.path])
        #expect(outcome.status == 73)
        #expect(outcome.stderr.contains("exists; pass --force to replace it"))
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep me")
        let unwritable = try KioskProcess.run(["qa", "record", "/nonexistent/folder/x.yaml"])
        #expect(unwritable.status == 73)
    }

    @Test func badOptionsAreUsageErrors() throws {
        for arguments in [["--size", "0x3"], ["--start", "soon"], ["--seed", "minus"]] {
            let outcome = try KioskProcess.run(["qa", "record", "/tmp/never-written.yaml"] + arguments)
            #expect(outcome.status == 64, "\(arguments): \(outcome.stderr)")
        }
    }
}
