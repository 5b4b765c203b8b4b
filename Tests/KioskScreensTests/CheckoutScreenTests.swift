import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

@MainActor
@Suite struct CheckoutScreenTests {
    @Test func aCardPurchaseByKeysEndsWithTheInvoiceInBilling() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        #expect(driver.state.screen == .checkout)
        #expect(driver.text.contains("Pro Yearly"))
        #expect(driver.state.checkout.form.id == "card.number")
        #expect(driver.frame.cursor != nil)
        await driver.typeCard("4242 4242 4242 4242")
        #expect(driver.text.contains("4242 4242 4242 4242"))
        #expect(driver.text.contains("Visa"))
        #expect(!driver.text.contains("123"))
        #expect(driver.text.contains("•••"))
        #expect(StatusBarText.of(driver).contains("Enter Pay"))
        await driver.press(.enter)
        guard case let .succeeded(receipt)? = driver.checkoutStatus else {
            Issue.record("expected success, got \(String(describing: driver.checkoutStatus))")
            return
        }
        #expect(driver.text.contains("Payment successful"))
        #expect(driver.text.contains(receipt.invoiceNumber))
        #expect(driver.text.contains("Premium"))
        await driver.press(.enter)
        #expect(driver.state.app.checkout == nil)
        await driver.press(.character("3"))
        #expect(driver.state.app.billing.visibleRows.contains { $0.id == receipt.invoiceNumber })
    }

    @Test func aDeclinedCardSaysWhyAndTryAgainReturnsToTheForm() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.typeCard("4000 0000 0000 0002")
        await driver.press(.enter)
        guard case .declined? = driver.checkoutStatus else {
            Issue.record("expected a decline, got \(String(describing: driver.checkoutStatus))")
            return
        }
        #expect(driver.text.contains("Payment declined"))
        #expect(driver.text.contains("Your card was declined."))
        #expect(StatusBarText.of(driver).contains("t Try again"))
        await driver.press(.character("t"))
        #expect(driver.checkoutStatus == .editing)
        #expect(driver.state.checkout.form.id == "card.number")
        await driver.typeCard("4242 4242 4242 4242")
        #expect(driver.state.app.checkout?.cardForm.number == "4242 4242 4242 4242")
        await driver.press(.enter)
        guard case .succeeded? = driver.checkoutStatus else {
            Issue.record("expected success after a new card, got \(String(describing: driver.checkoutStatus))")
            return
        }
    }

    @Test func aThreeDSecureChallengeIsApprovedWithA() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.typeCard("4000 0027 6000 3184")
        await driver.press(.enter)
        guard case .authenticating? = driver.checkoutStatus else {
            Issue.record("expected a challenge, got \(String(describing: driver.checkoutStatus))")
            return
        }
        #expect(driver.text.contains("3-D Secure"))
        #expect(StatusBarText.of(driver).contains("a Approve"))
        await driver.press(.character("a"))
        guard case .succeeded? = driver.checkoutStatus else {
            Issue.record("expected success, got \(String(describing: driver.checkoutStatus))")
            return
        }
    }

    @Test func aFailedChallengeIsNotAPurchase() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.typeCard("4000 0027 6000 3184")
        await driver.press(.enter)
        await driver.press(.character("f"))
        if case .succeeded? = driver.checkoutStatus { Issue.record("a failed challenge must not succeed") }
        #expect(driver.checkoutStatus != nil)
    }

    @Test func resizingMidCheckoutKeepsWhatWasTyped() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.type("4242 4242")
        await driver.press(.tab)
        await driver.type("12/3")
        await driver.resize(60, 20)
        #expect(driver.text.contains("4242 4242"))
        #expect(driver.text.contains("12/3"))
        await driver.resize(120, 40)
        #expect(driver.text.contains("4242 4242"))
        await driver.type("4")
        #expect(driver.state.app.checkout?.cardForm.expiry == "12/34")
        #expect(driver.state.checkout.form.id == "card.expiry")
    }

    @Test func letterKeysTypeIntoAFocusedFieldInsteadOfSwitchingTabsOrQuitting() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.press(.tab, .tab, .tab)
        #expect(driver.state.checkout.form.id == "card.name")
        await driver.type("q1?hjkl")
        #expect(driver.state.app.checkout?.cardForm.name == "q1?hjkl")
        #expect(!driver.state.hasQuit)
        #expect(driver.state.screen == .checkout)
        await driver.press(.left, .left, .backspace, .home, .delete)
        #expect(driver.state.app.checkout?.cardForm.name == "1?hkl")
    }

    @Test func backspaceInTheCardNumberDeletesTheDigitBeforeTheCursorAcrossGroups() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.type("42424")
        #expect(driver.state.app.checkout?.cardForm.number == "4242 4")
        await driver.press(.left, .backspace)
        #expect(driver.state.app.checkout?.cardForm.number == "4244")
    }

    @Test func escapeCancelsTheCheckout() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.press(.escape)
        #expect(driver.state.app.checkout == nil)
        #expect(driver.state.screen == .paywall)
    }

    @Test func missingFieldsShowTheViewModelsMessagesUnderThem() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.send(.focus("card.postalCode"))
        await driver.press(.enter)
        #expect(driver.checkoutStatus == .editing)
        let errors = try #require(driver.state.app.checkout?.cardForm.errors)
        let message = try #require(errors.message(for: .number))
        #expect(driver.text.contains("! \(message)"))
    }

    @Test func clickingAFieldFocusesItAndClickingPayPays() async throws {
        let driver = try ScreenDriver(size: Size(width: 120, height: 40))
        try await driver.openCheckout(withCard: true)
        #expect(driver.state.app.checkout?.payment != .newCard)
        let newCard = try #require(driver.position(of: "New card"))
        await driver.click(newCard)
        #expect(driver.state.app.checkout?.payment == .newCard)
        let name = try #require(driver.position(of: "Name on card"))
        await driver.click(Point(x: name.x + 16, y: name.y))
        #expect(driver.state.checkout.form.id == "card.name")
        let savedCard = try #require(driver.position(of: "Visa ending in 4242"))
        await driver.click(savedCard)
        let pay = try #require(driver.position(of: "Pay $99.99"))
        await driver.click(pay)
        guard case .succeeded? = driver.checkoutStatus else {
            Issue.record("expected success, got \(String(describing: driver.checkoutStatus))")
            return
        }
    }

    @Test func aStorePurchaseIsConfirmedInASheet() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        let storeIndex = try #require(driver.state.app.checkout.map { CheckoutPaymentIndex.of(.storeAccount, in: $0) })
        await driver.send(.focus("payment.\(storeIndex)"))
        await driver.press(.enter)
        #expect(driver.state.app.checkout?.payment == .storeAccount)
        await driver.press(.character("p"))
        #expect(driver.state.checkout.form.id == "payment.0")
        await driver.send(.focus("pay"))
        await driver.press(.enter)
        #expect(driver.checkoutStatus == .confirmingStorePurchase)
        #expect(driver.text.contains("Confirm purchase"))
        #expect(StatusBarText.of(driver).contains("y Buy"))
        await driver.press(.character("n"))
        #expect(driver.checkoutStatus == .editing)
        await driver.press(.enter)
        await driver.press(.character("y"))
        guard case .succeeded? = driver.checkoutStatus else {
            Issue.record("expected success, got \(String(describing: driver.checkoutStatus))")
            return
        }
    }

    @Test func theBrowserCheckoutShowsTheWholeLinkAndCancelsWithEscape() async throws {
        let browser = BrowserCheckoutStub()
        let driver = try ScreenDriver(hostedCheckout: browser.client)
        try await driver.openCheckout()
        let index = try #require(driver.state.app.checkout.map { CheckoutPaymentIndex.of(.browser, in: $0) })
        await driver.send(.focus("payment.\(index)"))
        await driver.press(.enter)
        await driver.send(.focus("pay"))
        let paying = driver.store.send(.key(.enter))
        for _ in 0..<1000 where !isWaiting(driver.checkoutStatus) { await Task.yield() }
        #expect(isWaiting(driver.checkoutStatus))
        await driver.send(.clockTicked(ScreenDriver.start.addingTimeInterval(65)))
        #expect(driver.text.contains("1:05"))
        let rows = driver.text.split(separator: "\n").map(String.init)
        let linkRow = try #require(rows.firstIndex { $0.contains("Checkout link") })
        // The link comes first, above the instructions, whole; a loopback link gets no QR code.
        let instructions = try #require(rows.firstIndex { $0.contains("Open the link above") })
        #expect(linkRow < instructions)
        let linkRows = rows[(linkRow + 1)...].prefix { !$0.hasPrefix("This link opens") }
        #expect(linkRows.joined() == browser.session.url)
        #expect(driver.text.contains("no QR code"))
        #expect(StatusBarText.of(driver).contains("o Open page"))
        #expect(StatusBarText.of(driver).contains("Esc Cancel"))
        // Quitting while the page waits says what becomes of a payment made there.
        await driver.press(.character("q"))
        #expect(driver.state.isConfirmingQuit)
        #expect(driver.text.contains("stays open in your browser"))
        await driver.press(.character("n"))
        #expect(!driver.state.isConfirmingQuit)
        await driver.press(.character("c"))
        #expect(driver.text.contains("Copied the checkout link."))
        await driver.press(.escape)
        #expect(driver.checkoutStatus == .browser(.cancelled))
        #expect(driver.text.contains("Nothing was charged."))
        browser.finish(with: .cancelled)
        await paying.value
    }

    private func isWaiting(_ status: CheckoutStatus?) -> Bool {
        if case .browser(.waiting)? = status { true } else { false }
    }
}

/// The status bar is the screen's last row.
enum StatusBarText {
    @MainActor static func of(_ driver: ScreenDriver) -> String {
        String(driver.text.split(separator: "\n", omittingEmptySubsequences: false).last ?? "")
    }
}

/// Where a payment choice is in the checkout's list (saved cards come first).
enum CheckoutPaymentIndex {
    static func of(_ choice: PaymentChoice, in checkout: CheckoutState) -> Int {
        let choices = checkout.savedCards.map { PaymentChoice.savedCard(paymentMethodID: $0.id) } + [.newCard, .storeAccount, .browser]
        return choices.firstIndex(of: choice) ?? 0
    }
}

@MainActor
@Suite struct OneTimeCheckoutTests {
    @Test func aOneTimeProductShowsItsPriceInTheSummary() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        await driver.send(.app(.paywall(.selectPackage(productID: "points.1000"))))
        await driver.send(.app(.paywall(.continueTapped)))
        let price = try #require(driver.text.split(separator: "\n").first { $0.contains("Price") })
        #expect(price.contains("$8.99 once"), "\(driver.text)")
    }
}
