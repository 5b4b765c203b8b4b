/// Which control of a line screen has focus and where the cursor is in it: terminal-only
/// state, so a resize or a reload of the view model never loses what was typed or where.
public struct FormFocus: Equatable, Sendable {
    /// The focused control's id; nil before the screen has chosen one.
    public var id: String?
    /// Significant characters before the cursor in a focused field; nil means at the end.
    public var cursor: Int?

    public init(id: String? = nil) {
        self.id = id
    }

    mutating func move(to id: String?) {
        guard id != self.id else { return }
        self.id = id
        cursor = nil
    }

    /// Keeps focus on a control that still exists, else gives it to `fallback`.
    mutating func keep(in controls: [LineControl], fallback: String?) {
        if let id, controls.contains(where: { $0.id == id }) { return }
        move(to: fallback)
    }
}
