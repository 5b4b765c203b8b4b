/// A small palette so every theme degrades to 8-colour terminals without a lookup table.
public enum Color: String, Sendable, Hashable, CaseIterable {
    /// The terminal's own default, so a theme can respect the user's background.
    case `default`
    case black, red, green, yellow, blue, magenta, cyan, white
}
