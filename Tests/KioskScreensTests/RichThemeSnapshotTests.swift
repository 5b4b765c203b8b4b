import KioskScreens
import KioskViewModels
import TerminalUI
import Testing

/// The default theme as 256-colour and truecolor terminals draw it. The 8-colour theme stays in
/// the other suites' `colour` snapshots.
@MainActor
@Suite struct RichThemeSnapshotTests {
    @Test func storePlansAndPreferences() async throws {
        for (level, name) in [(ColorLevel.ansi256, "256"), (.trueColor, "truecolor")] {
            let context = RenderContext(theme: .resolve(named: "default", level: level), glyphs: .unicode, colorLevel: level)
            let driver = try ScreenDriver(context: context)
            try await driver.signIn()
            await driver.launch()
            driver.assertScreen(named: "store-\(name)", styled: true)
            await driver.press(.character("2"))
            driver.assertScreen(named: "plans-\(name)", styled: true)
            await driver.press(.character("4"))
            await driver.send(.app(.settings(.selectSection(.preferences))))
            driver.assertScreen(named: "preferences-\(name)", styled: true)
        }
    }
}
