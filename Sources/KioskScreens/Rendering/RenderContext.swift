import TerminalUI

/// How to draw, decided once at start-up from the terminal and the command line; not part of
/// the state because it never changes while the app runs.
public struct RenderContext: Sendable, Hashable {
    public var theme: Theme
    public var glyphs: Glyphs
    /// Screen-reader mode: no box drawing, one column, explicit labels and announcements.
    public var isAccessible: Bool

    public init(theme: Theme, glyphs: Glyphs, isAccessible: Bool = false) {
        self.theme = theme
        self.glyphs = glyphs
        self.isAccessible = isAccessible
    }

    public static let standard = RenderContext(theme: .standard, glyphs: .unicode)
    public static let monochrome = RenderContext(theme: .monochrome, glyphs: .unicode)
}
