/// A one-line input. It scrolls horizontally to keep the cursor visible, and masked mode draws
/// one mask glyph per character so secrets never reach the screen or a dump.
public struct TextField: Widget {
    public var state: TextFieldState
    public var isMasked: Bool
    public var isFocused: Bool
    public var theme: Theme
    public var glyphs: Glyphs

    public init(state: TextFieldState, isMasked: Bool = false, isFocused: Bool = false, theme: Theme = .standard, glyphs: Glyphs = .unicode) {
        self.state = state
        self.isMasked = isMasked
        self.isFocused = isFocused
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
