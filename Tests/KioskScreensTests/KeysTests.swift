import KioskScreens
import KioskViewModels
import PaymentsCore
import TerminalUI
import Testing

/// Keys behave the same everywhere: Esc goes back exactly one level, the keys that work on
/// every screen show in every footer, and the QA panel's Advance leaves the text field.
@MainActor
@Suite struct KeysTests {
    @Test func escGoesBackOneLevelAtATime() async throws {
        let driver = try ScreenDriver()
        try await driver.signIn()
        await driver.launch()
        // On the first screen there is nowhere to go back to: Esc stays on the Store.
        await driver.press(.escape)
        #expect(driver.state.app.tab == .paywall)
        await driver.press(.character("2"))
        await driver.press(.character("3"))
        #expect(driver.state.app.tab == .billing)
        await driver.press(.escape)
        #expect(driver.state.app.tab == .plans)
        await driver.press(.escape)
        #expect(driver.state.app.tab == .paywall)
        await driver.press(.escape)
        #expect(driver.state.app.tab == .paywall)

        // A checkout is one level: Esc closes it and stays on the tab that opened it.
        await driver.press(.character("2"), .character("1"), .enter)
        #expect(driver.state.app.checkout != nil)
        await driver.press(.escape)
        #expect(driver.state.app.checkout == nil && driver.state.app.tab == .paywall)
        await driver.press(.escape)
        #expect(driver.state.app.tab == .plans)
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
            if tab != "1" { #expect(footer.contains("Esc Back") || footer.contains("Esc "), "tab \(tab): \(footer)") }
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

    @Test func advanceFromTheDurationFieldMovesFocusToTheButton() async throws {
        let driver = try ScreenDriver(size: Size(width: 120, height: 40))
        let account = try await driver.signIn()
        let clock = try await driver.service.createTestClock(name: "qa", frozenAt: ScreenDriver.start)
        _ = try await driver.service.attach(accountID: account.id, toTestClock: clock.id)
        await driver.launch()
        await driver.press(.character("4"))
        await driver.send(.app(.settings(.selectSection(.qa))))
        await driver.send(.focus("qa.duration"))
        await driver.type("P1D")
        await driver.press(.enter)
        let dayLater = try ISODuration(days: 1).advance(ScreenDriver.start)
        #expect(driver.state.app.settings.qa.clock?.frozenTime == dayLater)
        #expect(driver.state.settings.form.id == "qa.advance")
        // The next keys are commands again: q quits instead of typing into the field.
        await driver.press(.character("q"))
        #expect(driver.state.hasQuit)
        #expect(driver.state.app.settings.qa.durationText.isEmpty)
    }
}

