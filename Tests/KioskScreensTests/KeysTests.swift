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
}

