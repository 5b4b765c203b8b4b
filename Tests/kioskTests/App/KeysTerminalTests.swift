import Foundation
import Testing

/// Keys as real terminals send them: tmux sends End as `ESC [ 4 ~` whatever terminfo says for
/// the TERM inside it, and `TERM=dumb` cannot draw the storefront at all.
@Suite(.oneTerminalAtATime) struct KeysTerminalTests {
    /// On the Settings section list End selects the last section (the QA panel); before the
    /// extra sequences were registered, `xterm-256color` inside tmux read it as Esc, `4`, `~`.
    @Test(arguments: ["xterm-256color", "tmux-256color", "screen-256color", "rxvt-unicode-256color", "linux"])
    func endAndHomeReachTheLastAndFirstSettingsSection(term: String) throws {
        let session = try TmuxSession(["--data-dir", KioskProcess.temporaryDirectory("keys").path],
                                      environment: ["TERM": term])
        try session.reachPaywallAsNewUser()
        try session.press("4", thenWaitFor: "Customer ID")
        try session.press("End", thenWaitFor: "Test clock")
        try session.press("Home", thenWaitFor: "Customer ID")
        try session.sendKeys("q")
        try session.expectRestored(status: 0)
    }

    @Test func aDumbTerminalIsToldHowToRunKioskInstead() throws {
        let session = try TmuxSession(["--data-dir", KioskProcess.temporaryDirectory("dumb").path],
                                      environment: ["TERM": "dumb"])
        let screen = try session.waitFor(text: "EXITED")
        #expect(screen.contains("cannot draw the storefront (TERM=dumb"), "\(screen)")
        #expect(screen.contains("TERM=xterm-256color kiosk run"), "\(screen)")
        #expect(screen.contains("EXITED 64"), "\(screen)")
    }
}
