import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

/// Over SSH without `--public-url` the checkout page's link would point at the server's
/// loopback: the browser option is left out, and the checkout says why.
@MainActor
@Suite struct BrowserCheckoutWithheldTests {
    static let reason = "no public URL for its page (--public-url)."

    @Test func theCheckoutLeavesOutThePageAndSaysWhy() async throws {
        let driver = try ScreenDriver(hostedCheckout: .withheld(Self.reason))
        try await driver.openCheckout()
        let text = driver.text
        #expect(text.contains("New card"), "\(text)")
        // The line wraps at 80 columns.
        #expect(text.contains("No browser checkout: no public URL for its"), "\(text)")
        #expect(text.contains("page (--public-url)."), "\(text)")
        #expect(!text.contains("Pay in browser"))
    }

    @Test func choosingTheBrowserAnywayIsRefused() async throws {
        let driver = try ScreenDriver(hostedCheckout: .withheld(Self.reason))
        try await driver.openCheckout()
        await driver.send(.app(.checkout(.selectPayment(.browser))))
        #expect(driver.state.app.checkout?.payment == .newCard)
        #expect(driver.state.app.checkout?.browserWithheld == Self.reason)
    }

    @Test func withAPageTheOptionIsOffered() async throws {
        let driver = try ScreenDriver(size: Size(width: 120, height: 40), hostedCheckout: BrowserCheckoutStub().client)
        try await driver.openCheckout()
        #expect(driver.text.contains("Pay in browser"))
        #expect(!driver.text.contains("No browser checkout"))
    }
}
