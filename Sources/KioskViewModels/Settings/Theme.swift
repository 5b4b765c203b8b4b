/// The storefront's colour palette.
public enum Theme: String, Hashable, Sendable, Codable, CaseIterable {
    case standard = "default"
    case highContrast = "high-contrast"
    case monochrome

    public var title: String {
        switch self {
        case .standard: "Default"
        case .highContrast: "High contrast"
        case .monochrome: "Monochrome"
        }
    }
}
