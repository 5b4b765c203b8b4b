import StorefrontClient

/// Where preferences are kept, injected so the reducer never touches files itself.
public struct PreferencesClient: Sendable {
    public var load: @Sendable () async throws -> Preferences
    public var save: @Sendable (Preferences) async throws -> Void

    public init(load: @escaping @Sendable () async throws -> Preferences,
                save: @escaping @Sendable (Preferences) async throws -> Void) {
        self.load = load
        self.save = save
    }

    /// Defaults on every launch and nothing written: for hosts without a place to keep them.
    public static var defaults: PreferencesClient {
        PreferencesClient(load: { Preferences() }, save: { _ in })
    }

    public static var failing: PreferencesClient {
        PreferencesClient(load: { throw UnstubbedCall("preferences.load") },
                          save: { _ in throw UnstubbedCall("preferences.save") })
    }
}

/// How the terminal front end looks and moves; kept per user by `PreferencesClient`.
public struct Preferences: Hashable, Sendable, Codable {
    public var theme: Theme
    public var colourMode: ColourMode
    /// No animated spinners or transitions.
    public var reducedMotion: Bool

    public init(theme: Theme = .standard, colourMode: ColourMode = .auto, reducedMotion: Bool = false) {
        self.theme = theme
        self.colourMode = colourMode
        self.reducedMotion = reducedMotion
    }
}

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

/// When to use colour, as `--color=auto|always|never` tools do: auto follows the terminal.
public enum ColourMode: String, Hashable, Sendable, Codable, CaseIterable {
    case auto, always, never
}
