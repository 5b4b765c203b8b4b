import Foundation
import Testing

/// Themes in a real 256-colour terminal (tmux): the default theme draws from the 256-colour
/// palette, and a theme picked in Settings > Preferences repaints the screen at once.
@Suite(.oneTerminalAtATime) struct ThemeTerminalTests {
    /// The rich theme's accent (the title and key hints) as tmux writes it.
    static let accent = "38;5;75"

    @Test func theRichThemeDrawsAndAPickedThemeAppliesAtOnce() throws {
        let session = try TmuxSession(["--data-dir", KioskProcess.temporaryDirectory("theme").path],
                                      environment: ["TERM": "xterm-256color"])
        try session.reachPaywallAsNewUser()
        #expect(try session.capture(escapes: true).contains(Self.accent))

        try session.press("4", thenWaitFor: "Preferences")
        for _ in 0..<6 { try session.sendKeys("Down") }
        try session.waitFor(text: "(x) Default")
        try session.press("Enter", thenWaitFor: "Enter Use this theme")
        try session.sendKeys("Down", "Enter")
        try session.waitFor(text: "(x) High contrast")
        let highContrast = try session.capture(escapes: true)
        #expect(!highContrast.contains(Self.accent), "\(highContrast)")
        #expect(StorefrontTerminalTests.colourParameters(highContrast).contains(40), "\(highContrast)")

        try session.sendKeys("Down", "Enter")
        try session.waitFor(text: "(x) Monochrome")
        let monochrome = try session.capture(escapes: true)
        #expect(StorefrontTerminalTests.colourParameters(monochrome).isEmpty, "\(monochrome)")

        try session.sendKeys("q")
        try session.expectRestored(status: 0)
    }
}
