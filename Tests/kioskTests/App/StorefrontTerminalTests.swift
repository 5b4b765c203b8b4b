import Foundation
import Glibc
import Testing

/// `kiosk` in a real terminal (tmux): it opens the storefront, quits, survives a tiny window,
/// and gives the terminal back however it ends.
@Suite(.oneTerminalAtATime) struct StorefrontTerminalTests {
    private func freshDataDirectory() -> String { KioskProcess.temporaryDirectory("run").path }

    @Test func kioskOpensTheStorefrontOnAFreshDataDirectoryAndQQuits() throws {
        let data = freshDataDirectory()
        let session = try TmuxSession(["--data-dir", data])
        let screen = try session.waitFor(text: TmuxSession.paywallTab)
        #expect(screen.contains("2 Plans") && screen.contains("3 Billing") && screen.contains("4 Settings"))
        #expect(FileManager.default.fileExists(atPath: data + "/kiosk.sqlite"))
        try session.sendKeys("q")
        try session.expectRestored(status: 0)
    }

    @Test func ctrlCRestoresTheTerminal() throws {
        let session = try TmuxSession(["--data-dir", freshDataDirectory()])
        try session.waitFor(text: TmuxSession.paywallTab)
        try session.sendKeys("C-c")
        try session.expectRestored(status: 128 + Int(SIGINT))
    }

    /// Three rounds: the stop and the resume race other threads, so one lucky pass proves little.
    @Test(arguments: 1...3)
    func ctrlZSuspendsToTheShellAndFgRepaints(round: Int) throws {
        let session = try TmuxSession(["--data-dir", freshDataDirectory()], jobControl: true)
        try session.waitFor(text: TmuxSession.paywallTab)
        try session.sendKeys("C-z")
        try session.waitUntilKioskStops()
        try session.waitFor("the shell's screen") { !$0.contains(TmuxSession.paywallTab) }
        try session.sendKeys("fg", "Enter")
        try session.waitFor(text: TmuxSession.paywallTab)
        try session.sendKeys("q")
        try session.expectRestored(status: 0)
    }

    @Test(arguments: [SIGTERM, SIGHUP])
    func terminationSignalsRestoreTheTerminal(signal: Int32) throws {
        let session = try TmuxSession(["--data-dir", freshDataDirectory()])
        try session.waitFor(text: TmuxSession.paywallTab)
        try session.signalKiosk(signal)
        try session.expectRestored(status: 128 + Int(signal))
    }

    /// Without a SIGHUP (kiosk in a session of its own), a closed terminal is seen as the end of
    /// input: kiosk exits 74 instead of spinning on failed reads.
    @Test func aLostTerminalEndsKioskInsteadOfSpinning() throws {
        let session = try TmuxSession(["--data-dir", freshDataDirectory()], ownSession: true)
        try session.waitFor(text: TmuxSession.paywallTab)
        #expect(try session.closeTerminal() == 74)
    }

    @Test func aTinyTerminalSaysWhatItNeedsAndRecoversWhenEnlarged() throws {
        let session = try TmuxSession(["--data-dir", freshDataDirectory()], width: 40, height: 10)
        try session.waitFor(text: "(need 60x20, have 40x10)")
        try session.resize(width: 80, height: 24)
        // The whole enlarged frame, not the first capture showing the tab: under load tmux can be
        // captured while the repaint after the resize is still arriving.
        let screen = try session.waitFor("the paywall drawn 80 columns wide") { screen in
            screen.contains(TmuxSession.paywallTab)
                && screen.split(separator: "\n").contains { $0.hasSuffix("┐") && $0.count == 80 }
        }
        #expect(!screen.contains("too small"))
    }

    @Test func noColorDrawsWithoutColourAndColourModeWithIt() throws {
        let plain = try TmuxSession(["--data-dir", freshDataDirectory()], environment: ["NO_COLOR": "1"])
        try plain.waitFor(text: TmuxSession.paywallTab)
        let monochrome = try plain.capture(escapes: true)
        #expect(Self.colourParameters(monochrome).isEmpty, "\(monochrome)")

        let coloured = try TmuxSession(["--data-dir", freshDataDirectory(), "--color", "always"], environment: ["NO_COLOR": "1"])
        try coloured.waitFor(text: TmuxSession.paywallTab)
        let colour = try coloured.capture(escapes: true)
        #expect(!Self.colourParameters(colour).isEmpty, "\(colour)")
    }

    @Test func exitAfterFirstFrameExitsZeroAndRestores() throws {
        let session = try TmuxSession(["--data-dir", freshDataDirectory(), "--exit-after-first-frame"])
        try session.expectRestored(status: 0)
    }

    @Test func asciiGlyphsWithoutAUTF8Locale() throws {
        let session = try TmuxSession(["--data-dir", freshDataDirectory()], environment: ["LANG": "C"])
        let screen = try session.waitFor(text: ">1 Store")
        #expect(!screen.contains("┌") && !screen.contains("│"))
        try session.sendKeys("q")
        try session.expectRestored(status: 0)
    }

    /// The SGR parameters that set a foreground or background colour (30–37, 38, 40–47, 48,
    /// 90–97, 100–107), across every escape sequence in `text`.
    static func colourParameters(_ text: String) -> [Int] {
        var found: [Int] = []
        var rest = Substring(text)
        while let start = rest.range(of: "\u{1B}[") {
            let body = rest[start.upperBound...].prefix { $0.isNumber || $0 == ";" }
            let end = rest.index(start.upperBound, offsetBy: body.count)
            if end < rest.endIndex, rest[end] == "m" {
                found += body.split(separator: ";").compactMap { Int($0) }.filter {
                    (30...38).contains($0) || (40...48).contains($0) || (90...97).contains($0) || (100...107).contains($0)
                }
            }
            rest = rest[end...]
        }
        return found
    }
}
