import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

/// Keys behave the same everywhere: Esc goes back exactly one level, the keys that work on
/// every screen show in every footer, and the QA panel's Advance leaves the text field.
@MainActor
@Suite struct KeysTests {
    @Test func escClosesWhatIsOpenAndNeverWalksBackThroughTabs() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        // On a tab's first screen there is nothing to close: Esc stays where it is (issue 41,
        // item 11: walking back through tabs led one arrow and Enter from "Switch to Pro?").
        await driver.press(.escape)
        #expect(driver.state.app.tab == .paywall)
        await driver.press(.character("2"))
        await driver.press(.character("3"))
        #expect(driver.state.app.tab == .billing)
        await driver.press(.escape)
        #expect(driver.state.app.tab == .billing)
        await driver.press(.character("2"))
        await driver.press(.escape)
        #expect(driver.state.app.tab == .plans && driver.state.app.plans.confirmation == nil)

        // A checkout is open: Esc closes it and stays on the tab that opened it, and no further.
        await driver.press(.character("1"), .enter)
        #expect(driver.state.app.checkout != nil)
        await driver.press(.escape)
        #expect(driver.state.app.checkout == nil && driver.state.app.tab == .paywall)
        await driver.press(.escape)
        #expect(driver.state.app.tab == .paywall)

        // Help says what Esc does, and nothing it does not.
        let help = driver.state.app.helpKeys
        #expect(!help.contains { $0.description == "Close the paywall" })
        #expect(help.contains(KeyHelp("Esc/Backspace", "Close what is open")))
    }

    @Test(arguments: [(60, 20), (80, 24), (120, 40)])
    func everyFooterEndsWithTheGlobalKeys(width: Int, height: Int) async throws {
        let driver = try ScreenDriver(size: Size(width: width, height: height))
        try await driver.signIn()
        await driver.launch()
        for tab in ["1", "2", "3", "4"] {
            await driver.press(.character(Character(tab)))
            let footer = try #require(driver.text.split(separator: "\n").last)
            #expect(footer.trimmingCharacters(in: .whitespaces).hasSuffix("1-4 Tabs  ? Help  q Quit"),
                    "tab \(tab) at \(width)x\(height): \(footer)")
            #expect(!footer.contains("Esc Back"), "tab \(tab) has nothing to close: \(footer)")
        }
    }

    @Test func homeAndEndMoveThroughTheSettingsSections() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        await driver.press(.character("4"))
        await driver.press(.end)
        #expect(driver.state.app.settings.section == SettingsSection.allCases.last)
        await driver.press(.home)
        #expect(driver.state.app.settings.section == SettingsSection.allCases.first)
    }

    /// Settings' QA section at 120x40 for a signed-in customer on a test clock of its own.
    private static func qaPanelOnATestClock() async throws -> ScreenDriver {
        let driver = try ScreenDriver(size: Size(width: 120, height: 40))
        let account = try await driver.signIn()
        let clock = try await driver.service.createTestClock(name: "qa", frozenAt: ScreenDriver.start)
        _ = try await driver.service.attach(accountID: account.id, toTestClock: clock.id)
        await driver.launch()
        await driver.press(.character("4"))
        await driver.send(.app(.settings(.selectSection(.qa))))
        return driver
    }

    @Test func advanceFromTheDurationFieldMovesFocusToTheButton() async throws {
        let driver = try await Self.qaPanelOnATestClock()
        await driver.send(.focus("qa.duration"))
        await driver.type("P1D")
        await driver.press(.enter)
        let dayLater = try ISODuration(days: 1).advance(ScreenDriver.start)
        #expect(driver.state.app.settings.qa.clock?.frozenTime == dayLater)
        #expect(driver.state.settings.form.id == "qa.advance")
        // What is typed next on [Advance] is a duration again, never shortcuts (issue 41, item
        // 10): "1 month" neither switches to the Store (1) nor moves a package (h).
        await driver.type("1 month")
        #expect(driver.state.app.tab == .settings && !driver.state.hasQuit)
        #expect(driver.state.settings.form.id == "qa.duration")
        #expect(driver.state.app.settings.qa.durationText == "1 month")
        await driver.press(.enter)
        let monthLater = try ISODuration(months: 1).advance(dayLater)
        #expect(driver.state.app.settings.qa.clock?.frozenTime == monthLater)
        #expect(driver.state.app.checkout == nil)
    }

    @Test func theDurationFieldShowsItsFormatBeforeAFailureAndSaysWhatIsWrong() async throws {
        let driver = try await Self.qaPanelOnATestClock()
        #expect(driver.text.contains("For example 1 month, 2 weeks, 36h, 1d or P1M."))
        await driver.send(.focus("qa.duration"))
        await driver.type("3 fortnights")
        await driver.press(.enter)
        #expect(driver.text.contains("\"fortnights\" is not a unit."))
        #expect(driver.state.app.settings.qa.clock?.frozenTime == ScreenDriver.start)
    }

    @Test func digitsTypedOnPayStartANewCardInsteadOfChargingTheSavedOne() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        await driver.press(.enter)
        let checkout = try #require(driver.state.app.checkout)
        #expect(checkout.payment == .savedCard(paymentMethodID: checkout.savedCards[0].id))
        await driver.send(.focus("pay"))
        await driver.type("4242")
        #expect(driver.state.checkout.form.id == "card.number")
        #expect(driver.state.app.checkout?.payment == .newCard)
        #expect(driver.state.app.checkout?.cardForm.number.filter(\.isNumber) == "4242")
        // Enter now goes on in the card form; the saved card is not charged.
        await driver.press(.enter)
        #expect(driver.state.app.checkout?.status == .editing)
    }

    /// A customer asks to buy `productID` with the store account, then closes the waiting
    /// checkout and opens Settings › QA at 80x24, where the request waits in the inbox.
    private static func askedToBuyThenQAPanel(_ productID: String = "points.500") async throws -> ScreenDriver {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        await driver.press(.character("4"))
        await driver.send(.app(.settings(.selectSection(.qa))))
        await driver.send(.app(.settings(.toggleSwitch(.askToBuy))))
        await driver.press(.character("1"))
        await driver.send(.app(.paywall(.selectPackage(productID: productID))))
        await driver.send(.app(.paywall(.continueTapped)))
        await driver.send(.app(.checkout(.selectPayment(.storeAccount))))
        await driver.send(.app(.checkout(.submitTapped)))
        await driver.send(.app(.checkout(.storePurchaseConfirmed)))
        guard case .pendingApproval? = driver.state.app.checkout?.status else {
            Issue.record("expected to wait for approval, got \(String(describing: driver.state.app.checkout?.status))")
            return driver
        }
        await driver.press(.escape)
        #expect(driver.state.app.checkout == nil)
        await driver.press(.character("4"))
        await driver.send(.app(.settings(.selectSection(.qa))))
        await driver.press(.tab)
        return driver
    }

    /// The inbox has its own keys, names the product by its catalog name, and after an answer
    /// focus stays beside the outcome instead of jumping to the top (issue 41, items 12 and 21).
    @Test func theQAInboxHasItsOwnKeysAndTheOutcomeStaysInView() async throws {
        let driver = try await Self.askedToBuyThenQAPanel()
        let pending = try #require(driver.state.app.settings.qa.pendingActions.first)
        #expect(StatusBarText.of(driver).contains("i Inbox"))
        await driver.press(.character("i"))
        #expect(driver.state.settings.form.id == "qa.pending.\(pending.id).approve")
        #expect(driver.text.contains("Ask to buy for Starter points (500 points)"))
        #expect(!driver.text.contains("points.500"))
        #expect(StatusBarText.of(driver).contains("y Approve"))
        await driver.press(.character("n"))
        #expect(driver.state.app.settings.qa.pendingActions.isEmpty)
        #expect(driver.state.app.settings.qa.inboxMessage == "Declined ask to buy for Starter points (500 points).")
        #expect(driver.text.contains("Declined ask to buy for Starter points (500 points)."))
        let focused = try #require(driver.state.settings.form.id)
        #expect(!focused.hasPrefix("qa.detach") && !focused.hasPrefix("qa.attach") && focused != "qa.duration",
                "focus went back to the top: \(focused)")
        #expect(!driver.state.settings.form.isDetached)
    }

    /// A decline comes on no feed: the customer who left the waiting checkout still hears of it.
    @Test func aDeclinedAskToBuyGivesTheCustomerANotice() async throws {
        let driver = try await Self.askedToBuyThenQAPanel()
        #expect(driver.state.app.askedToBuy.count == 1)
        await driver.press(.character("i"), .character("n"))
        await driver.press(.character("3"))
        await driver.send(.app(.pollChanges))
        #expect(driver.state.app.askedToBuy.isEmpty)
        #expect(StatusBarText.of(driver).contains("! Your request to buy Starter points (500 points) was declined."))
    }

    /// Approving names what was bought, on the panel and in the notice that follows to any tab.
    @Test func approvingSaysWhatWasBought() async throws {
        let driver = try await Self.askedToBuyThenQAPanel()
        await driver.press(.character("i"), .character("y"))
        #expect(driver.text.contains("Approved ask to buy for Starter points (500 points)."))
        await driver.send(.app(.pollChanges))
        await driver.send(.app(.pollChanges))
        #expect(driver.state.app.toasts.map(\.message).contains("Bought Starter points (500 points)."))
        #expect(!driver.state.app.toasts.map(\.message).contains("Purchase succeeded."))
    }

    /// Space switches a checkbox, as Enter does.
    @Test func spaceSwitchesACheckbox() async throws {
        let driver = try ScreenDriver()
        try await driver.subscribeAndOpenSettings()
        await driver.send(.app(.settings(.selectSection(.qa))))
        await driver.send(.focus("qa.switch.askToBuy"))
        await driver.press(.character(" "))
        #expect(driver.state.app.settings.qa.controls?.askToBuy == true)
        await driver.press(.character(" "))
        #expect(driver.state.app.settings.qa.controls?.askToBuy == false)
        #expect(driver.state.app.helpKeys.contains(KeyHelp("Space", "Switch a checkbox or pick a choice")))
    }

    /// After PgDn the footer names only a control in view (issue 41, item 12).
    @Test func afterPagingTheFooterNamesAControlInView() async throws {
        let driver = try ScreenDriver()
        try await driver.subscribeAndOpenSettings()
        await driver.send(.app(.settings(.selectSection(.qa))))
        await driver.press(.tab)
        for _ in 0..<6 {
            await driver.press(.pageDown)
            let footer = StatusBarText.of(driver)
            if driver.state.settings.form.isDetached {
                #expect(!footer.contains("Enter"), "focus is out of view, yet the footer offers Enter: \(footer)")
                #expect(footer.contains("Tab Pick a control"))
                continue
            }
            // A button's hint is its label: it must be on screen.
            guard let range = footer.range(of: "Enter "), !footer[range.upperBound...].hasPrefix("Switch") else { continue }
            let label = footer[range.upperBound...].prefix { $0 != " " }
            let body = driver.text.split(separator: "\n").dropFirst().dropLast().joined(separator: "\n")
            #expect(body.contains(label), "the footer names \(label), which is not on screen:\n\(driver.text)")
        }
    }

    /// An open invoice's help lists its own keys, not the list's.
    @Test func anOpenInvoiceHasItsOwnHelp() async throws {
        let driver = try ScreenDriver()
        try await driver.subscribeAndOpenSettings()
        await driver.press(.character("3"))
        #expect(driver.state.app.helpKeys.contains(KeyHelp("e", "Export CSV")))
        await driver.press(.enter)
        #expect(driver.state.app.billing.detail != nil)
        let help = driver.state.app.helpKeys
        #expect(help.contains(KeyHelp("Esc/Enter", "Close the invoice")))
        #expect(!help.contains(KeyHelp("e", "Export CSV")) && !help.contains(KeyHelp("s", "Filter by status")))
    }
}

