import TerminalUI

/// How to draw, decided at start-up from the terminal, the command line and the saved
/// preferences. Only the theme can change while the app runs, when the person picks another in
/// Settings: `applying(_:)` gives the context a frame is drawn with.
public struct RenderContext: Sendable, Hashable {
    public var theme: Theme
    public var glyphs: Glyphs
    /// Screen-reader mode: no box drawing, one column, explicit labels and announcements.
    public var isAccessible: Bool
    /// What the terminal shows; a theme picked while running is resolved for it, as the start-up one was.
    public var colorLevel: ColorLevel
    /// Told of every frame drawn with this context: how a test counts the renders per key.
    public var observer: RenderObserver?

    public init(theme: Theme, glyphs: Glyphs, isAccessible: Bool = false, colorLevel: ColorLevel = .ansi8) {
        self.theme = theme
        self.glyphs = glyphs
        self.isAccessible = isAccessible
        self.colorLevel = colorLevel
    }

    /// The context for drawing `state`: the theme picked in Settings, if any, replaces the one
    /// the app started with from that frame on.
    public func applying(_ state: TerminalState) -> RenderContext {
        guard let picked = state.pickedTheme else { return self }
        var context = self
        context.theme = Theme.resolve(named: picked.rawValue, level: colorLevel)
        return context
    }

    public static let standard = RenderContext(theme: .standard, glyphs: .unicode)
    public static let monochrome = RenderContext(theme: .monochrome, glyphs: .unicode, colorLevel: .none)
}

/// Hears of each frame `AppView` draws; one context's observer is the same object in every copy.
public final class RenderObserver: Hashable, Sendable {
    let rendered: @Sendable () -> Void

    public init(_ rendered: @escaping @Sendable () -> Void) { self.rendered = rendered }

    public static func == (lhs: RenderObserver, rhs: RenderObserver) -> Bool { lhs === rhs }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(self)) }
}

/// One painted screen of the storefront: cells, cursor and what clicks do.
public typealias Frame = Canvas<TerminalAction>
