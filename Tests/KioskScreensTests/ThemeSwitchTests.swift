import KioskScreens
import KioskViewModels
import TerminalUI
import Testing

/// A theme picked in Settings > Preferences draws the very next frame: the frame is rendered with
/// the context resolved from the state, which is what the host paints.
@MainActor
@Suite struct ThemeSwitchTests {
    static let rich = RenderContext(theme: .resolve(named: "default", level: .ansi256), glyphs: .unicode, colorLevel: .ansi256)
    /// The rich theme's accent and the high-contrast theme's background, as the snapshots write them.
    static let accent = "fg=75"
    static let highContrastBackground = "bg=black"

    @Test func aThemePickedInPreferencesDrawsTheNextFrame() async throws {
        let driver = try ScreenDriver(context: Self.rich)
        try await driver.subscribeAndOpenSettings()
        #expect(driver.styledText.contains(Self.accent))
        await driver.press(.down, .down, .down, .down, .down, .down, .enter)
        #expect(driver.state.app.settings.section == .preferences)

        await driver.press(.down, .enter)
        #expect(driver.state.pickedTheme == .highContrast)
        #expect(driver.styledText.contains(Self.highContrastBackground) && !driver.styledText.contains(Self.accent))

        await driver.press(.down, .enter)
        #expect(driver.state.pickedTheme == .monochrome)
        #expect(!driver.styledText.contains("fg=") && !driver.styledText.contains("bg="))

        await driver.press(.up, .up, .enter)
        #expect(driver.state.pickedTheme == .standard)
        #expect(driver.styledText.contains(Self.accent))
    }

    /// The saved preferences are read when Settings opens; they must not undo `--theme`.
    @Test func loadingTheSavedPreferencesKeepsTheStartUpTheme() async throws {
        let driver = try ScreenDriver(context: Self.rich)
        await driver.launch()
        await driver.send(.app(.settings(.preferencesLoaded(.success(Preferences(theme: .monochrome))))))
        #expect(driver.state.pickedTheme == nil)
        #expect(driver.styledText.contains(Self.accent))
    }

    /// On an 8-colour terminal the default theme stays the 8-colour one; without colour every
    /// pick stays monochrome, as NO_COLOR asks.
    @Test func aPickIsResolvedForTheTerminal() async throws {
        let basic = try ScreenDriver(context: RenderContext(theme: .highContrast, glyphs: .unicode, colorLevel: .ansi8))
        await basic.launch()
        await basic.send(.app(.settings(.themeSelected(.standard))))
        #expect(basic.styledText.contains("fg=blue") && !basic.styledText.contains(Self.highContrastBackground))

        let plain = try ScreenDriver(context: .monochrome)
        await plain.launch()
        await plain.send(.app(.settings(.themeSelected(.highContrast))))
        #expect(!plain.styledText.contains("fg=") && !plain.styledText.contains("bg="))
    }
}
