import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

/// The checkout in each of its states, at every size, with and without colour, and accessible.
@MainActor
@Suite struct CheckoutSnapshotTests {
    @Test func theEmptyCardForm() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        driver.assertScreens(named: "form")
    }

    @Test func aTypedCardWithFocusOnThePostalCode() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.typeCard("4242 4242 4242 4242")
        driver.assertScreens(named: "typed")
    }

    @Test func fieldErrorsAfterPayingWithAnIncompleteCard() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.typeCard("4242 4242", expiry: "13/20", cvc: "1", postalCode: "")
        await driver.press(.enter)
        driver.assertScreens(named: "errors")
    }

    @Test func aSavedCardWithAPromoCodeApplied() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout(withCard: true)
        await driver.press(.character("c"))
        await driver.type("WELCOME20")
        await driver.press(.enter)
        #expect(driver.state.app.checkout?.promo?.code == "WELCOME20")
        driver.assertScreens(named: "promo")
    }

    @Test func theStoreSheet() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        let index = try #require(driver.state.app.checkout.map { CheckoutPaymentIndex.of(.storeAccount, in: $0) })
        await driver.send(.focus("payment.\(index)"))
        await driver.press(.enter)
        await driver.send(.focus("pay"))
        await driver.press(.enter)
        driver.assertScreens(named: "storeSheet")
    }

    @Test func processingDeclinedFailedAndSucceeded() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        driver.assertScreens(named: "processing", with(driver.state, status: .processing))
        driver.assertScreens(named: "failed", with(driver.state, status: .failed(ScreenError(
            message: "The store could not be reached. Check your connection and try again."))))
        await driver.typeCard("4000 0000 0000 9995")
        await driver.press(.enter)
        driver.assertScreens(named: "declined")
        await driver.press(.character("t"))
        await driver.typeCard("4242 4242 4242 4242")
        await driver.press(.enter)
        driver.assertScreens(named: "succeeded")
    }

    @Test func theThreeDSecureChallenge() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.typeCard("4000 0027 6000 3184")
        await driver.press(.enter)
        driver.assertScreens(named: "challenge")
    }

    @Test func waitingForTheBrowser() async throws {
        let browser = BrowserCheckoutStub()
        let driver = try ScreenDriver(hostedCheckout: browser.client)
        try await driver.openCheckout()
        let index = try #require(driver.state.app.checkout.map { CheckoutPaymentIndex.of(.browser, in: $0) })
        await driver.send(.focus("payment.\(index)"))
        await driver.press(.enter)
        await driver.send(.focus("pay"))
        let paying = driver.store.send(.key(.enter))
        for _ in 0..<1000 where !isWaiting(driver.state.app.checkout?.status) { await Task.yield() }
        await driver.send(.clockTicked(ScreenDriver.start.addingTimeInterval(65)))
        driver.assertScreens(named: "browser")
        browser.finish(with: .cancelled)
        await paying.value
    }

    private func isWaiting(_ status: CheckoutStatus?) -> Bool {
        if case .browser(.waiting)? = status { true } else { false }
    }

    /// The state with the checkout in `status`, for statuses too brief to catch by driving.
    private func with(_ state: TerminalState, status: CheckoutStatus) -> TerminalState {
        var state = state
        guard case var .checkout(checkout)? = state.app.stack.last else { return state }
        checkout.status = status
        state.app.stack[state.app.stack.count - 1] = .checkout(checkout)
        return state
    }
}
