import Testing
@testable import TerminalUI

@Suite struct ColorResolutionTests {
    static let detectionTable: [([String: String], ColorLevel)] = [
        ([:], .none),
        (["TERM": "dumb"], .none),
        (["TERM": "dumb", "COLORTERM": "truecolor"], .none),
        (["TERM": "xterm-256color", "NO_COLOR": "1"], .none),
        (["TERM": "xterm-256color", "NO_COLOR": ""], .ansi256),
        (["TERM": "xterm"], .ansi8),
        (["TERM": "screen"], .ansi8),
        (["TERM": "tmux-256color"], .ansi256),
        (["TERM": "xterm", "COLORTERM": "truecolor"], .trueColor),
        (["TERM": "xterm-256color", "COLORTERM": "24bit"], .trueColor),
    ]

    @Test(arguments: detectionTable)
    func detectsLevelFromEnvironment(environment: [String: String], expected: ColorLevel) {
        #expect(ColorLevel.detect(environment: environment) == expected)
    }

    static let modeTable: [(ColorMode, [String: String], Bool, ColorLevel)] = [
        (.never, ["TERM": "xterm-256color", "COLORTERM": "truecolor"], true, .none),
        (.auto, ["TERM": "xterm-256color"], true, .ansi256),
        (.auto, ["TERM": "xterm-256color"], false, .none),
        (.auto, ["TERM": "xterm-256color", "NO_COLOR": "1"], true, .none),
        (.always, ["TERM": "xterm-256color", "NO_COLOR": "1"], false, .ansi256),
        (.always, ["TERM": "dumb"], true, .ansi8),
        (.always, [:], false, .ansi8),
        (.always, ["TERM": "xterm", "COLORTERM": "truecolor"], false, .trueColor),
    ]

    @Test(arguments: modeTable)
    func resolvesColorOption(mode: ColorMode, environment: [String: String], isTerminal: Bool, expected: ColorLevel) {
        #expect(mode.resolve(environment: environment, isTerminal: isTerminal) == expected)
    }

    @Test func parsesColorOption() throws {
        #expect(try ColorMode(parsing: "ALWAYS") == .always)
        #expect(throws: ColorModeError(value: "sometimes")) { try ColorMode(parsing: "sometimes") }
        #expect(ColorModeError(value: "x").description == "invalid color mode 'x': expected auto, always or never")
    }

    @Test func noColorFallsBackToMonochromeTheme() {
        #expect(Theme.resolve(named: "high-contrast", level: .none) == .monochrome)
        #expect(Theme.resolve(named: "high-contrast", level: .ansi8) == .highContrast)
        #expect(Theme.resolve(named: nil, level: .ansi8) == .standard)
    }

    @Test func monochromeThemeUsesNoColourButKeepsStateVisible() {
        let theme = Theme.monochrome
        let styles = [theme.base, theme.border, theme.title, theme.header, theme.selected, theme.focused, theme.keyHint,
                      theme.statusBar, theme.meterFilled, theme.meterEmpty, theme.success, theme.warning, theme.error, theme.disabled]
        #expect(styles.allSatisfy { $0.foreground == .default && $0.background == .default })
        #expect(theme.selected.reverse && theme.focused.reverse)
        #expect(theme.selected != theme.base && theme.focused != theme.selected)
    }

    @Test func glyphsFollowLocaleAndAccessibleMode() {
        #expect(Glyphs.resolve(environment: ["LANG": "C.UTF-8"]) == .unicode)
        #expect(Glyphs.resolve(environment: ["LANG": "en_US.utf8"]) == .unicode)
        #expect(Glyphs.resolve(environment: ["LC_ALL": "C", "LANG": "C.UTF-8"]) == .ascii)
        #expect(Glyphs.resolve(environment: ["LC_ALL": "", "LC_CTYPE": "C.UTF-8"]) == .unicode)
        #expect(Glyphs.resolve(environment: [:]) == .ascii)
        #expect(Glyphs.resolve(environment: ["LANG": "C.UTF-8"], accessible: true) == .ascii)
    }
}
