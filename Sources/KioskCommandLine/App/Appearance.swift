import ArgumentParser
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

/// `--color auto|always|never`, parsed by the terminal layer's own `ColorMode`.
struct ColorChoice: ExpressibleByArgument {
    let mode: ColorMode

    init?(argument: String) {
        guard let mode = try? ColorMode(parsing: argument) else { return nil }
        self.mode = mode
    }

    static var allValueStrings: [String] { ColorMode.allCases.map(\.rawValue) }
}

/// `--theme standard|high-contrast|monochrome`.
enum ThemeChoice: String, CaseIterable, ExpressibleByArgument {
    case standard
    case highContrast = "high-contrast"
    case monochrome

    var theme: KioskViewModels.Theme {
        switch self {
        case .standard: .standard
        case .highContrast: .highContrast
        case .monochrome: .monochrome
        }
    }
}
