import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

@MainActor
@Suite struct SettingsScreenTests {
    /// Issue 41 item 20: a fault armed from the command line for one call is shown as such, not
    /// as failing every call.
    @Test func theQAPanelSaysHowFarAnArmedFaultReaches() async throws {
        let driver = try ScreenDriver(size: Size(width: 120, height: 60))
        try await driver.subscribeAndOpenSettings()
        try await driver.service.updateStoreControls(StoreControls(faults: [
            StoreFault(operation: .purchase, error: .systemError, remaining: 1),
            StoreFault(operation: .restore, error: .systemError, remaining: 3),
            StoreFault(operation: .refundRequest, error: .systemError)]))
        await driver.send(.app(.settings(.onAppear)))
        await driver.send(.app(.settings(.selectSection(.qa))))
        let text = driver.text
        #expect(text.contains("Fail purchase (the next call)"), "\(text)")
        #expect(text.contains("Fail restore (the next 3 calls)"), "\(text)")
        #expect(text.contains("Fail refund request (every call)"), "\(text)")
    }

    /// A new user cancels using only what the status bar says: ↓ to the section, Tab into it,
    /// Enter on "Cancel subscription", Enter on a reason, Enter to confirm.
    @Test func aNewUserCancelsAPlanFollowingTheHints() async throws {
        let driver = try ScreenDriver()
        try await driver.subscribeAndOpenSettings()
        #expect(driver.state.screen == .settings)
        #expect(StatusBarText.of(driver).contains("↑/↓ Section"))
        await driver.press(.down)
        #expect(driver.state.app.settings.section == .subscription)
        #expect(driver.text.contains("Pro Yearly"))
        #expect(driver.text.contains("Renews on Jan 1, 2027"))
        #expect(StatusBarText.of(driver).contains("Enter Open section"))
        await driver.press(.enter)
        #expect(StatusBarText.of(driver).contains("Enter Cancel subscription"))
        await driver.press(.enter)
        #expect(driver.state.app.settings.survey != nil)
        #expect(driver.text.contains("Why are you cancelling?"))
        #expect(StatusBarText.of(driver).contains("Enter Choose this reason"))
        await driver.press(.down, .enter)
        #expect(driver.state.app.settings.survey?.reason == CancellationSurvey.choices[1].reason)
        #expect(StatusBarText.of(driver).contains("Enter Cancel subscription"))
        await driver.press(.enter)
        #expect(driver.state.app.settings.survey == nil)
        #expect(driver.text.contains("Expires on Jan 1, 2027"))
        #expect(driver.text.contains("Your subscription will not renew."))
        #expect(driver.text.contains("Resume subscription"))
        let subscription = try #require(driver.state.app.settings.content?.subscription?.subscription)
        #expect(!subscription.willAutoRenew)
    }

    @Test func escapeInTheSurveyKeepsTheSubscription() async throws {
        let driver = try ScreenDriver()
        try await driver.subscribeAndOpenSettings()
        await driver.press(.character("c"))
        #expect(driver.state.app.settings.survey != nil)
        await driver.press(.escape)
        #expect(driver.state.app.settings.survey == nil)
        #expect(driver.state.app.settings.content?.subscription?.canCancel == true)
    }

    @Test func removingACardAsksFirstAndNoKeepsIt() async throws {
        let driver = try ScreenDriver()
        try await driver.subscribeAndOpenSettings()
        await driver.press(.down, .down)
        #expect(driver.state.app.settings.section == .paymentMethods)
        await driver.press(.tab)
        #expect(StatusBarText.of(driver).contains("Enter Remove"))
        await driver.press(.enter)
        #expect(driver.state.app.settings.confirmation != nil)
        #expect(driver.text.contains("Remove Visa ending in 4242?"))
        #expect(StatusBarText.of(driver).contains("y Remove"))
        await driver.press(.enter)
        #expect(driver.state.app.settings.confirmation == nil)
        #expect(driver.state.app.settings.content?.paymentMethods.count == 1)
        await driver.press(.enter)
        let yes = try #require(driver.position(of: "y Remove"))
        await driver.click(yes)
        #expect(driver.state.app.settings.content?.paymentMethods.isEmpty == true)
        #expect(driver.text.contains("Card removed."))
    }

    @Test func addingACardThroughTheForm() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn(withCard: false)
        await driver.launch()
        await driver.press(.character("4"), .character("a"))
        #expect(driver.state.app.settings.section == .paymentMethods)
        #expect(driver.state.app.settings.cardForm != nil)
        await driver.typeCard("5555 5555 5555 4444")
        await driver.press(.enter)
        #expect(driver.text.contains("Mastercard ending in 4444"))
        #expect(driver.state.app.settings.cardForm == nil)
    }

    @Test func theQAPanelSaysWhyTheClockCannotMoveAndFlipsControls() async throws {
        let driver = try ScreenDriver()
        try await driver.subscribeAndOpenSettings()
        await driver.press(.end)
        #expect(driver.state.app.settings.section == .qa)
        await driver.press(.tab)
        // An account in real time is offered a test clock first.
        #expect(driver.state.settings.form.id == "qa.attach")
        await driver.press(.tab)
        #expect(driver.state.settings.form.id == "qa.duration")
        await driver.type("P1M")
        await driver.press(.enter)
        #expect(driver.text.contains("This account lives in real time"))
        await driver.send(.focus("qa.switch.askToBuy"))
        await driver.press(.enter)
        #expect(driver.state.app.settings.qa.controls?.askToBuy == true)
        #expect(driver.text.contains("[x] Ask to Buy"))
    }

    @Test func clickingASectionSelectsIt() async throws {
        let driver = try ScreenDriver()
        try await driver.subscribeAndOpenSettings()
        let usage = try #require(driver.position(of: "Usage"))
        await driver.click(usage)
        #expect(driver.state.app.settings.section == .usage)
        #expect(driver.text.contains("Projects per month"))
    }

    @Test func switchingAccountsAndCreatingOne() async throws {
        let driver = try ScreenDriver()
        try await driver.subscribeAndOpenSettings()
        await driver.send(.app(.settings(.selectSection(.accounts))))
        await driver.press(.tab, .tab)
        #expect(StatusBarText.of(driver).contains("Enter Create account"))
        await driver.press(.enter)
        #expect(driver.state.settings.form.id == "newAccount.name")
        await driver.type("Grace")
        await driver.press(.tab)
        await driver.type("grace@example.com")
        await driver.press(.enter)
        #expect(driver.state.app.account?.name == "Grace")
        #expect(driver.text.contains("Created Grace and signed in."))
    }
}
