import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

/// The checkout as one straight line, as terminal.shop's is: arrows choose how to pay at once,
/// Enter walks the card form and finally pays, the expiry reads as it is typed, and the button
/// says what is charged today and on which card.
@MainActor
@Suite struct CheckoutStraightLineTests {
    @Test func enterWalksTheCardFieldsAndPaysFromTheLast() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        #expect(StatusBarText.of(driver).contains("Enter Next field"))
        for (text, next) in [("4242424242424242", "card.expiry"), ("1234", "card.cvc"), ("123", "card.name"),
                             ("Ada", "card.postalCode")] {
            await driver.type(text)
            await driver.press(.enter)
            #expect(driver.state.checkout.form.id == next)
            #expect(driver.checkoutStatus == .editing)
        }
        #expect(StatusBarText.of(driver).contains("Enter Pay"))
        await driver.type("94103")
        await driver.press(.enter)
        guard case .succeeded? = driver.checkoutStatus else {
            Issue.record("expected success, got \(String(describing: driver.checkoutStatus))")
            return
        }
    }

    @Test func payingWithProblemsTakesFocusToTheFirstOneAndTypingStaysPut() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.type("4242")
        await driver.send(.focus("card.postalCode"))
        await driver.press(.enter)
        #expect(driver.state.app.checkout?.cardForm.errors.isEmpty == false)
        #expect(driver.state.checkout.form.id == "card.number")
        await driver.type("424242424242")
        // The number's message went; focus stays where the person types, not on the next problem.
        #expect(driver.state.checkout.form.id == "card.number")
    }

    @Test func theExpiryIsFormattedAsTyped() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.send(.focus("card.expiry"))
        await driver.type("1")
        #expect(driver.state.app.checkout?.cardForm.expiry == "1")
        await driver.type("2")
        #expect(driver.state.app.checkout?.cardForm.expiry == "12")
        await driver.type("3")
        #expect(driver.state.app.checkout?.cardForm.expiry == "12/3")
        await driver.type("09")
        #expect(driver.state.app.checkout?.cardForm.expiry == "12/30")
        #expect(driver.text.contains("12/30"))
        await driver.press(.backspace, .backspace)
        #expect(driver.state.app.checkout?.cardForm.expiry == "12")
        await driver.press(.control("u"))
        await driver.type("04/29")
        #expect(driver.state.app.checkout?.cardForm.expiry == "04/29")
    }

    @Test func arrowsOnThePaymentChoicesChooseAtOnce() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout(withCard: true)
        await driver.send(.focus("payment.0"))
        #expect(driver.state.app.checkout?.payment.isSavedCard == true)
        #expect(driver.text.contains("[ Pay $99.99 today with Visa 4242 ]"))
        await driver.press(.down)
        #expect(driver.state.app.checkout?.payment == .newCard)
        #expect(driver.state.checkout.form.id == "payment.1")
        #expect(driver.text.contains("Card number"))
        #expect(driver.text.contains("[ Pay $99.99 today ]"))
        await driver.press(.down, .down)
        #expect(driver.state.app.checkout?.payment == .browser)
        await driver.press(.up)
        #expect(driver.state.app.checkout?.payment == .storeAccount)
        // Past the last choice the arrow leaves the group instead of choosing.
        await driver.press(.down, .down)
        #expect(driver.state.app.checkout?.payment == .browser)
        #expect(driver.state.checkout.form.id?.hasPrefix("payment.") == false)
    }

    @Test func thePayButtonNamesTheTypedCard() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.typeCard("5555 5555 5555 4444")
        #expect(driver.text.contains("[ Pay $99.99 today with Mastercard 4444 ]"))
    }
}

private extension PaymentChoice {
    var isSavedCard: Bool {
        if case .savedCard = self { true } else { false }
    }
}

/// A card is saved only by a payment that goes through: one declined at the charge is removed
/// again, and the same card typed twice is saved once.
@MainActor
@Suite struct CheckoutSavedCardTests {
    @Test func aCardDeclinedAtTheChargeIsNotKept() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        // Stripe's 4000000000000341: saving the card succeeds, every charge is declined.
        await driver.typeCard("4000 0000 0000 0341")
        await driver.press(.enter)
        guard case .declined? = driver.checkoutStatus else {
            Issue.record("expected a decline, got \(String(describing: driver.checkoutStatus))")
            return
        }
        let account = try #require(driver.state.app.account)
        #expect(try await driver.service.paymentMethods(accountID: account.id).isEmpty)
        #expect(driver.state.app.checkout?.savedCards.isEmpty == true)
        #expect(!driver.text.contains("still saved"))
    }

    @Test func buyingTwiceWithTheSameTypedCardSavesItOnce() async throws {
        let driver = try ScreenDriver()
        try await driver.openCheckout()
        await driver.typeCard("4242 4242 4242 4242")
        await driver.press(.enter)
        await driver.send(.app(.checkout(.doneTapped)))
        await driver.send(.app(.paywall(.selectPackage(productID: "points.500"))))
        await driver.send(.app(.paywall(.continueTapped)))
        await driver.send(.focus("payment.1"))
        await driver.press(.enter)
        #expect(driver.state.app.checkout?.payment == .newCard)
        #expect(driver.state.checkout.form.id == "card.number")
        await driver.typeCard("4242 4242 4242 4242", expiry: "0135")
        await driver.press(.enter)
        guard case .succeeded? = driver.checkoutStatus else {
            Issue.record("expected success, got \(String(describing: driver.checkoutStatus))")
            return
        }
        let account = try #require(driver.state.app.account)
        let methods = try await driver.service.paymentMethods(accountID: account.id)
        #expect(methods.count == 1)
        #expect(methods.first?.expYear == 2035 && methods.first?.expMonth == 1)
    }
}
