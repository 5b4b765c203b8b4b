import Foundation
import Testing

/// NO_COLOR in a real terminal (tmux) while buying: no colour escape at all, yet which package
/// is selected and which field has focus stay visible through the marker and reverse video.
@Suite(.oneTerminalAtATime) struct NoColorPurchaseTerminalTests {
    /// Whether `line` turns on reverse video: an SGR sequence (`ESC [ … m`) with parameter 7.
    private static func isReversed(_ line: String) -> Bool {
        line.components(separatedBy: "\u{1B}[").dropFirst().contains { sequence in
            let parameters = sequence.prefix { $0.isNumber || $0 == ";" }
            return sequence.dropFirst(parameters.count).first == "m" && parameters.split(separator: ";").contains("7")
        }
    }

    @Test func theSelectedPackageAndFocusedFieldShowWithoutColour() throws {
        let session = try TmuxSession(["--data-dir", KioskProcess.temporaryDirectory("nocolor").path],
                                      environment: ["NO_COLOR": "1"])
        try session.select("Starter points (500 points)")

        let paywall = try session.capture(escapes: true)
        #expect(StorefrontTerminalTests.colourParameters(paywall).isEmpty, "\(paywall)")
        let selected = try #require(TmuxSession.line(containing: "500 points", in: paywall), "\(paywall)")
        #expect(Self.isReversed(selected), "\(selected)")
        #expect(selected.contains("▸"), "\(selected)")
        let other = try #require(TmuxSession.line(containing: "Yearly ", in: paywall), "\(paywall)")
        #expect(!Self.isReversed(other) && !other.contains("▸"), "\(other)")

        try session.openCheckout(to: "Starter points (500 points)")
        try session.type("4242")
        let checkout = try session.waitFor(text: "4242")
        #expect(checkout.contains("Total due today $4.99"), "\(checkout)")
        let painted = try session.capture(escapes: true)
        #expect(StorefrontTerminalTests.colourParameters(painted).isEmpty, "\(painted)")
        #expect(painted.contains("(x) New card"), "\(painted)")
        let focused = try #require(TmuxSession.line(containing: "Card number", in: painted), "\(painted)")
        #expect(focused.contains("▸"), "\(focused)")

        try session.press("Escape", thenWaitFor: TmuxSession.paywallLoaded)
        try session.sendKeys("q")
        try session.expectRestored(status: 0)
    }
}
