import Testing
@testable import TerminalUI

@Suite struct ThemeResolutionTests {
    static let table: [(String?, ColorLevel, Theme)] = [
        (nil, .none, .monochrome),
        ("default", .none, .monochrome),
        ("high-contrast", .none, .monochrome),
        ("default", .ansi8, .standard),
        (nil, .ansi8, .standard),
        ("default", .ansi256, .standard256),
        ("neon", .ansi256, .standard256),
        ("default", .trueColor, .standardTrueColor),
        ("high-contrast", .ansi256, .highContrast),
        ("high-contrast", .trueColor, .highContrast),
        ("monochrome", .trueColor, .monochrome),
    ]

    /// A loop rather than arguments: a theme printed as a test argument fills a screen.
    @Test func picksTheVariantTheTerminalCanShow() {
        for (name, level, expected) in Self.table {
            #expect(Theme.resolve(named: name, level: level) == expected, "\(name ?? "nil") at \(level)")
        }
    }

    private static func roles(_ theme: Theme) -> [Style] {
        [theme.base, theme.border, theme.title, theme.header, theme.selected, theme.focused, theme.keyHint,
         theme.statusBar, theme.meterFilled, theme.meterEmpty, theme.success, theme.warning, theme.error, theme.disabled]
    }

    @Test func richThemesUseOnlyTheirOwnKindOfColour() {
        let colours = { (theme: Theme) in Self.roles(theme).flatMap { [$0.foreground, $0.background] }.filter { $0 != .default } }
        #expect(colours(.standard256).allSatisfy { if case .indexed = $0 { true } else { false } })
        #expect(colours(.standardTrueColor).allSatisfy { if case .rgb = $0 { true } else { false } })
        #expect(Theme.standard256.name == "default" && Theme.standardTrueColor.name == "default")
    }

    /// One accent for focus, selection, titles and keys; greys for what is secondary; a hue each
    /// for success, warning and error.
    @Test func richThemesHaveAClearHierarchy() {
        for theme in [Theme.standard256, .standardTrueColor] {
            let accent = theme.focused.background
            #expect(theme.title.foreground == accent && theme.keyHint.foreground == accent)
            #expect(theme.selected.background != .default && theme.selected.background != accent)
            #expect(theme.focused.bold && theme.focused != theme.selected)
            #expect(Set([theme.statusBar.foreground, theme.disabled.foreground, theme.border.foreground]).count == 3)
            #expect(Set([theme.success.foreground, theme.warning.foreground, theme.error.foreground, accent]).count == 4)
        }
    }

    @Test func stylesSerialiseEveryKindOfColour() {
        #expect(HeadlessBackend.marker(Style(foreground: .cyan, bold: true)) == "b fg=cyan")
        #expect(HeadlessBackend.marker(Style(foreground: .indexed(244), background: .indexed(7))) == "fg=244 bg=7")
        #expect(HeadlessBackend.marker(Style(foreground: .hex(0x61AFEF), background: .hex(0x0A0B0C), reverse: true))
            == "r fg=#61afef bg=#0a0b0c")
    }
}
