/// Which control of a line screen has focus, where the cursor is in it and how far the column is
/// scrolled: terminal-only state, so a resize or a reload of the view model never loses what was
/// typed or where.
public struct FormFocus: Equatable, Sendable {
    /// The focused control's id; nil before the screen has chosen one.
    public var id: String?
    /// Significant characters before the cursor in a focused field; nil means at the end.
    public var cursor: Int?
    /// The first row shown when the column last drew: the window moves from here only as far as
    /// the focus needs, so moving focus never makes the page jump.
    public var top = 0
    /// Set when the person paged to rows with no control on them: the focused control is out of
    /// view, so it is not drawn as focused and Enter does nothing until Tab picks a visible one.
    public var isDetached = false

    public init(id: String? = nil) {
        self.id = id
    }

    public mutating func move(to id: String?) {
        isDetached = false
        guard id != self.id else { return }
        self.id = id
        cursor = nil
    }

    /// Keeps focus on a control that still exists, else gives it to `fallback`.
    public mutating func keep<Action>(in controls: [LineControl<Action>], fallback: String?) {
        if let id, controls.contains(where: { $0.id == id }) { return }
        move(to: fallback)
    }
}
