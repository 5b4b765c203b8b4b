import Foundation
import Testing

/// Resizing the real terminal (tmux) in the middle of a checkout: the layout follows the size,
/// and what was typed survives every resize, even one to a terminal too small to draw in.
@Suite(.oneTerminalAtATime) struct CheckoutResizeTerminalTests {
    @Test func aHalfTypedCardSurvivesResizesAndTheLayoutFollows() throws {
        let session = try TmuxSession(["--data-dir", KioskProcess.temporaryDirectory("resize").path], width: 80, height: 24)
        let wide = try session.openCheckout(to: "Yearly")
        #expect(wide.contains("Order summary") && wide.contains("Payment"), "\(wide)")
        try session.type("42424242")
        try session.waitFor(text: "4242 4242")

        // 60x20 has room for one column: summary and form share a single scrolling panel.
        try session.resize(width: 60, height: 20)
        // A capture can land mid-paint: wait for the whole frame (its key line comes last).
        let narrow = try session.waitFor("the 60x20 checkout") { $0.contains("┌ Checkout ") && $0.contains("Esc Cancel checkout") }
        #expect(!narrow.contains("Order summary"), "\(narrow)")
        #expect(Self.spans(narrow, width: 60), "\(narrow)")
        let narrowNumber = try #require(TmuxSession.line(containing: "Card number", in: narrow), "\(narrow)")
        #expect(narrowNumber.contains("4242 4242") && narrowNumber.contains("▸"), "\(narrow)")
        #expect(narrow.contains("Pro Yearly") && narrow.contains("Total due today $99.99"), "\(narrow)")

        // 120x40: the two columns again, the summary's price beside its label.
        try session.resize(width: 120, height: 40)
        let large = try session.waitFor("the 120x40 checkout") { $0.contains("┌ Order summary ") && $0.contains("Esc Cancel checkout") }
        #expect(Self.spans(large, width: 120), "\(large)")
        #expect(large.contains("[ Pay $99.99 today ]"), "\(large)")
        let largeNumber = try #require(TmuxSession.line(containing: "Card number", in: large), "\(large)")
        #expect(largeNumber.contains("4242 4242") && largeNumber.contains("▸"), "\(large)")

        try session.resize(width: 40, height: 10)
        let tiny = try session.waitFor(text: "(need 60x20, have 40x10)")
        #expect(!tiny.contains("4242"), "\(tiny)")

        try session.resize(width: 80, height: 24)
        let back = try session.waitFor("the 80x24 checkout") { $0.contains("┌ Order summary ") && $0.contains("Esc Cancel checkout") }
        #expect(!back.contains("too small"), "\(back)")
        #expect(Self.spans(back, width: 80), "\(back)")
        // Still the same checkout, cursor in the card number: typing goes on where it stopped.
        try session.type("42424242")
        let finished = try session.waitFor(text: "4242 4242 4242 4242")
        #expect(finished.contains("Visa"), "\(finished)")

        // In a field q is text; Esc leaves the checkout, then q quits.
        try session.press("Escape", thenWaitFor: TmuxSession.paywallLoaded)
        try session.sendKeys("q")
        try session.expectRestored(status: 0)
    }

    /// The frame's top border spans exactly `width` columns: the layout was redrawn for it.
    private static func spans(_ screen: String, width: Int) -> Bool {
        screen.split(separator: "\n").contains { $0.hasPrefix("┌") && $0.hasSuffix("┐") && $0.count == width }
    }
}
