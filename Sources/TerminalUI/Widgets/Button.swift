/// A pressable label. Focus is shown by a marker and by the theme's focused style, so it is
/// visible in monochrome and in a plain-text dump.
public struct Button: Widget {
    public var label: String
    public var isFocused: Bool
    public var theme: Theme
    public var glyphs: Glyphs

    public init(_ label: String, isFocused: Bool = false, theme: Theme = .standard, glyphs: Glyphs = .unicode) {
        self.label = label
        self.isFocused = isFocused
        self.theme = theme
        self.glyphs = glyphs
    }

    /// Columns the button needs: marker, brackets, spaces and label.
    public var width: Int { DisplayWidth.of(glyphs.selectionMarker) + DisplayWidth.of(label) + 4 }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let marker = isFocused ? glyphs.selectionMarker : String(repeating: " ", count: DisplayWidth.of(glyphs.selectionMarker))
        let x = buffer.write(marker, x: area.x, y: area.y, style: theme.base, clip: area)
        buffer.write("[ \(label) ]", x: x, y: area.y, style: isFocused ? theme.focused : theme.base, clip: area)
    }
}
