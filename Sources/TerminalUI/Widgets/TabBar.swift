/// The row of screen tabs. The selected tab gets reverse video and a marker, so it is visible
/// without colour and in a plain-text dump.
public struct TabBar: Widget {
    public var titles: [String]
    public var selected: Int
    public var theme: Theme
    public var glyphs: Glyphs

    public init(titles: [String], selected: Int, theme: Theme = .standard, glyphs: Glyphs = .unicode) {
        self.titles = titles
        self.selected = selected
        self.theme = theme
        self.glyphs = glyphs
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), with: .blank(theme.base))
        var x = area.x
        for (index, title) in titles.enumerated() {
            if index > 0 {
                x = buffer.write(glyphs.separator, x: x, y: area.y, style: theme.border, clip: area)
            }
            let isSelected = index == selected
            let label = isSelected ? "\(glyphs.selectionMarker)\(title) " : " \(title) "
            x = buffer.write(label, x: x, y: area.y, style: isSelected ? theme.selected.bolded() : theme.base, clip: area)
        }
    }
}
