/// A one-line input, on its own (a prompt's path) or as a labelled line of a form with the
/// app's message for it below and a note after it (the detected card brand). It scrolls
/// horizontally to keep the cursor visible, and masked mode draws one mask glyph per character
/// so secrets never reach the screen or a dump.
public struct TextField: Widget {
    /// Shown before the input on a form line.
    public var label: String
    public var state: TextFieldState
    public var isMasked: Bool
    public var isFocused: Bool
    /// Shown after the input, e.g. the detected card brand.
    public var trailing: String?
    /// The app's message for this field, drawn under it.
    public var error: String?
    /// Cells for the input itself on a form line; the rest of the row is left to `trailing`.
    public var width: Int
    public var theme: Theme
    public var glyphs: Glyphs

    public init(state: TextFieldState, isMasked: Bool = false, isFocused: Bool = false, theme: Theme = .standard, glyphs: Glyphs = .unicode) {
        self.init(label: "", text: state.text, isMasked: isMasked, theme: theme, glyphs: glyphs)
        self.state = state
        self.isFocused = isFocused
    }

    /// A form field: the cursor is placed (at the end) only once it has focus.
    public init(label: String, text: String, isMasked: Bool = false, trailing: String? = nil, error: String? = nil,
                width: Int = 24, theme: Theme = .standard, glyphs: Glyphs = .unicode) {
        self.label = label
        state = TextFieldState(text: text)
        self.isMasked = isMasked
        isFocused = false
        self.trailing = trailing
        self.error = error
        self.width = width
        self.theme = theme
        self.glyphs = glyphs
    }

    /// Where the terminal cursor belongs after rendering into `area`.
    public func cursorPosition(in area: Rect) -> Point {
        let layout = visibleLayout(width: area.width)
        return Point(x: area.x + layout.cursorColumn, y: area.y)
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let style = isFocused ? theme.focused.underlined() : theme.base.underlined()
        buffer.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), with: .blank(style))
        buffer.write(visibleLayout(width: area.width).text, x: area.x, y: area.y, style: style, clip: area)
    }

    /// The field as a form line: the label in its column of `labelWidth` cells, the input, then
    /// `trailing`. Returns where the cursor goes when the field has focus.
    @discardableResult
    public func renderLine(in area: Rect, labelWidth: Int, isAccessible: Bool, buffer: inout Buffer) -> Point? {
        let shownLabel = isAccessible ? "\(label):" : label
        buffer.write(TextLayout.truncate(shownLabel, to: labelWidth - 1, ellipsis: glyphs.ellipsis),
                     x: area.x, y: area.y, style: isFocused ? theme.base.bolded() : theme.base, clip: area)
        let input = Rect(x: area.x + labelWidth, y: area.y, width: Swift.max(1, Swift.min(width, area.width - labelWidth)), height: 1)
        render(in: input, buffer: &buffer)
        if let trailing {
            buffer.write(trailing, x: input.maxX + 1, y: area.y, style: theme.base, clip: area)
        }
        return isFocused ? cursorPosition(in: input) : nil
    }

    /// The shown characters, dropped from the left until the cursor (plus one cell for it) fits.
    private func visibleLayout(width: Int) -> (text: String, cursorColumn: Int) {
        let shown: [Character] = isMasked ? Array(repeating: glyphs.mask.first ?? "*", count: state.text.count) : Array(state.text)
        var start = 0
        while start < state.cursor,
            DisplayWidth.of(String(shown[start..<state.cursor])) + 1 > width
        {
            start += 1
        }
        let cursorColumn = DisplayWidth.of(String(shown[start..<state.cursor]))
        return (String(shown[start...]), Swift.min(cursorColumn, Swift.max(0, width - 1)))
    }
}
