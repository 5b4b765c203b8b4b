/// One entry of a screen laid out as a column of lines (forms, summaries, settings sections).
/// The same list draws inside panels at any width and linearly in accessible mode, and scrolls
/// so the focused entry stays visible.
public struct ScreenLine<Action: Sendable>: Sendable {
    public enum Kind: Sendable {
        /// Wrapped to the width.
        case text(String, LineTone = .base)
        /// "Total due today   $9.99": label and value, aligned in columns (or "label: value").
        case pair(label: String, value: String, LineTone)
        case field(TextField)
        /// A radio choice `(x)` or a toggle `[x]`, readable without colour.
        case choice(label: String, isOn: Bool, isToggle: Bool)
        /// Each button is a control of its own, its id in the line's `controlIDs`.
        case buttons([(button: Button, action: Action?)])
        case meter(label: String, value: Int, total: Int)
        /// Kept on its own lines, broken by columns only, so it can be selected and copied.
        case verbatim(String)
        case rule
        case blank
    }

    public var kind: Kind
    public var isFocused = false
    /// What clicking the line does; button rows click per button instead.
    public var action: Action?
    /// The controls drawn on this line (a button row has several), so scrolling knows where
    /// each control is.
    public var controlIDs: [String] = []

    public init(_ kind: Kind, isFocused: Bool = false, action: Action? = nil, controlIDs: [String] = []) {
        self.kind = kind
        self.isFocused = isFocused
        self.action = action
        self.controlIDs = controlIDs
    }

    /// The line itself or one of its buttons has focus.
    public var holdsFocus: Bool {
        if isFocused { return true }
        if case let .buttons(buttons) = kind { return buttons.contains(where: \.button.isFocused) }
        return false
    }
}

/// How a line of text reads, mapped to a theme role so monochrome still shows it (bold,
/// underline) and colour themes pick their own colours.
public enum LineTone: Sendable {
    case base, title, header, success, warning, error, disabled

    public func style(_ theme: Theme) -> Style {
        switch self {
        case .base: theme.base
        case .title: theme.title
        case .header: theme.header
        case .success: theme.success
        case .warning: theme.warning
        case .error: theme.error
        case .disabled: theme.disabled
        }
    }
}
