import Foundation
import Testing
import Simulators

/// A new user buying with a card in a real terminal (tmux), by keys only, on a fresh data
/// directory: paywall, checkout, receipt, billing history, and a declined card on the way.
@Suite(.oneTerminalAtATime) struct CardPurchaseTerminalTests {
    private func freshStorefront() throws -> TmuxSession {
        try TmuxSession(["--data-dir", KioskProcess.temporaryDirectory("purchase").path])
    }

    @Test func aCardPurchaseGoesFromThePaywallToBillingHistory() throws {
        let session = try freshStorefront()
        // The paywall opens on Yearly: two packages down is the 1000 points pack at $8.99.
        let checkout = try session.openCheckout(to: "Value points (1000 points)")
        #expect(checkout.contains("Total due today $8.99"), "\(checkout)")
        #expect(checkout.contains("(x) New card"), "\(checkout)")

        try session.enter(.succeeds)
        let filled = try session.waitFor(text: "4242 4242 4242 4242")
        #expect(filled.contains("Visa") && filled.contains("•••") && !filled.contains("123"), "\(filled)")
        #expect(filled.contains("[ Pay $8.99 today with Visa 4242 ]"), "\(filled)")

        let receipt = try session.press("Enter", thenWaitFor: "Payment successful")
        let paid = try #require(TmuxSession.line(containing: "Total paid", in: receipt), "\(receipt)")
        #expect(paid.contains("$8.99"), "\(receipt)")
        let invoiceLine = try #require(TmuxSession.line(containing: "Invoice ", in: receipt), "\(receipt)")
        let invoice = try #require(invoiceLine.firstMatch(of: /INV-\d+/).map { String($0.output) }, "\(receipt)")

        try session.press("d", thenWaitFor: TmuxSession.paywallLoaded)
        let billing = try session.press("3", thenWaitFor: invoice)
        #expect(billing.contains("Billing history"), "\(billing)")
        let row = try #require(TmuxSession.line(containing: invoice, in: billing), "\(billing)")
        #expect(row.contains("$8.99") && row.contains("Paid"), "\(row)")

        try session.sendKeys("q")
        try session.expectRestored(status: 0)
    }

    @Test func aDeclinedCardSaysWhyAndAGoodCardThenPays() throws {
        let session = try freshStorefront()
        try session.openCheckout(to: "Yearly")
        try session.enter(.declines)

        let declined = try session.press("Enter", thenWaitFor: "Payment declined")
        #expect(declined.contains("Your card was declined."), "\(declined)")
        #expect(declined.contains("Contact your card issuer or use another card."), "\(declined)")
        #expect(declined.contains("t Try again"), "\(declined)")

        // Trying again keeps what was typed and puts the cursor back on the card number.
        let form = try session.press("t", thenWaitFor: "▸ Card number")
        #expect(form.contains("4000 0000 0000 0002") && form.contains("Lovelace"), "\(form)")
        try session.sendKeys("C-u")
        try session.waitFor("the card number cleared") { !$0.contains("0002") }
        try session.type(TmuxSession.TestCard.succeeds.number)
        // Enter walks the rest of the form, kept as typed, and pays from its last field.
        for field in ["▸ Expiry MM/YY", "▸ CVC", "▸ Name on card", "▸ Postal code"] {
            try session.press("Enter", thenWaitFor: field)
        }

        let receipt = try session.press("Enter", thenWaitFor: "Payment successful")
        let paid = try #require(TmuxSession.line(containing: "Total paid", in: receipt), "\(receipt)")
        #expect(paid.contains("$99.99"), "\(receipt)")
        #expect(!receipt.contains("declined"), "\(receipt)")

        try session.sendKeys("q")
        try session.expectRestored(status: 0)
    }

    /// A paste arrives as many keys at once: each key's edit is reduced before the next key is
    /// read, so none is applied to stale text.
    @Test func keysTypedFasterThanTheScreenRedrawsAreAllKept() throws {
        let session = try freshStorefront()
        try session.openCheckout(to: "Yearly")
        try session.sendKeys("-l", TmuxSession.TestCard.succeeds.number)
        let screen = try session.waitFor(text: "4242 4242 4242 4242", timeout: .seconds(20))
        #expect(screen.contains("Visa"), "\(screen)")
    }
}
