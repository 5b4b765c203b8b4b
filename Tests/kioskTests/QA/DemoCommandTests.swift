import Foundation
import Testing

/// `kiosk demo` in a real terminal: captions, the viewer's keys, and the terminal given back.
@Suite(.oneTerminalAtATime) struct DemoCommandTests {
    static let firstCaption = "Chapter 1/7: The paywall: what Premium gives you"
    static let secondCaption = "Chapter 2/7: Plan comparison: every feature, side by side"

    private func expectRestored(_ session: TmuxSession) throws {
        let screen = try session.waitFor(text: "TTY ")
        #expect(screen.contains("EXITED 0"), "\(screen)")
        #expect(screen.contains("TTY icanon echo"), "\(screen)")
        #expect(!screen.contains("Chapter "), "\(screen)")
    }

    @Test func spacePausesNSkipsAChapterAndQQuits() throws {
        let session = try TmuxSession(["demo"])
        try session.waitFor(text: Self.firstCaption)
        try session.sendKeys("n")
        try session.waitFor(text: Self.secondCaption)
        try session.sendKeys("Space")
        let paused = try session.waitFor(text: "Paused — space resumes")
        #expect(paused.contains(Self.secondCaption))
        try session.sendKeys("Space")
        try session.waitFor(text: "space pause · n next chapter")
        try session.sendKeys("q")
        try expectRestored(session)
    }

    @Test func theWholeTourPlaysToItsLastChapterAtHighSpeed() throws {
        let session = try TmuxSession(["demo", "--speed", "50"])
        let end = try session.waitFor(text: "Demo finished — press q to quit")
        #expect(end.contains("Chapter 7/7: The retry worked: the subscription recovered"), "\(end)")
        #expect(end.contains("4 Settings"), "\(end)")
        try session.sendKeys("q")
        try expectRestored(session)
    }

    @Test func badOptionsAreUsageErrors() throws {
        for speed in ["0", "-2", "fast"] {
            let outcome = try KioskProcess.run(["demo", "--speed", speed])
            #expect(outcome.status == 64, "--speed \(speed): \(outcome.stderr)")
            #expect(outcome.stderr.contains("--speed"))
        }
        let missing = try KioskProcess.run(["demo", "--script", "/nonexistent/tour.yaml"])
        #expect(missing.status == 64)
        #expect(missing.stderr.contains("kiosk: /nonexistent/tour.yaml: no such file"))
    }

    @Test func anInvalidScriptIsReportedWithItsPosition() throws {
        let folder = KioskProcess.temporaryDirectory("demo-invalid")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("bad.yaml")
        try Data("""
            name: bad
            steps:
              - chapter: One
              - press: [enter, warp]
            """.utf8).write(to: file)
        let outcome = try KioskProcess.run(["demo", "--script", file.path])
        #expect(outcome.status == 65)
        #expect(outcome.stderr.contains("\(file.path):4:20: error: unknown key name 'warp'"), "\(outcome.stderr)")
    }
}
