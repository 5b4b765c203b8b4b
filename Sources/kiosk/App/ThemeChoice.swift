import ArgumentParser
import KioskViewModels

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
