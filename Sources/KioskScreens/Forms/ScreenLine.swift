/// One entry of a screen laid out as a column of lines (forms, summaries, settings sections).
/// The same list draws inside panels at any width and linearly in accessible mode, and scrolls
/// so the focused entry stays visible.
struct ScreenLine: Sendable {
    enum Kind: Sendable {
        /// Wrapped to the width.
        case text(String, LineTone = .base)
        /// "Total due today   $9.99": label and value, aligned in columns (or "label: value").
        case pair(label: String, value: String, LineTone)
        case field(LineField)
        /// A radio choice `(x)` or a toggle `[x]`, readable without colour.
        case choice(label: String, isOn: Bool, isToggle: Bool)
        case buttons([LineButton])
        case meter(label: String, value: Int, total: Int)
        /// Kept on its own lines, broken by columns only, so it can be selected and copied.
        case verbatim(String)
        case rule
        case blank
    }

    var kind: Kind
    var isFocused = false
    /// What clicking the line does; button rows click per button instead.
    var action: TerminalAction?
    /// The controls drawn on this line (a button row has several), so scrolling knows where
    /// each control is.
    var controlIDs: [String] = []

    init(_ kind: Kind, isFocused: Bool = false, action: TerminalAction? = nil, controlIDs: [String] = []) {
        self.kind = kind
        self.isFocused = isFocused
        self.action = action
        self.controlIDs = controlIDs
    }

    /// The line itself or one of its buttons has focus.
    var holdsFocus: Bool {
        if isFocused { return true }
        if case let .buttons(buttons) = kind { return buttons.contains(where: \.isFocused) }
        return false
    }
}
