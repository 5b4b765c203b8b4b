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
