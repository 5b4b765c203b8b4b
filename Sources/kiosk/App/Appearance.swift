import KioskScreens
import KioskViewModels
import TerminalUI

/// How the storefront draws, decided once at start-up: the command line first, then the saved
/// preferences, then what the environment (NO_COLOR, TERM, the locale) allows.
struct Appearance {
    let colorLevel: ColorLevel
    let context: RenderContext

    init(color: ColorMode, theme: KioskViewModels.Theme, accessible: Bool, environment: [String: String],
         isTerminal: Bool) {
        colorLevel = color.resolve(environment: environment, isTerminal: isTerminal)
        context = RenderContext(theme: TerminalUI.Theme.resolve(named: theme.rawValue, level: colorLevel),
                                glyphs: Glyphs.resolve(environment: environment, accessible: accessible),
                                isAccessible: accessible, colorLevel: colorLevel)
    }

    /// `KIOSK_ACCESSIBLE=1` (any value but empty, `0` or `false`).
    static func accessibleRequested(_ environment: [String: String]) -> Bool {
        guard let value = environment["KIOSK_ACCESSIBLE"]?.lowercased() else { return false }
        return !["", "0", "false", "no"].contains(value)
    }
}
