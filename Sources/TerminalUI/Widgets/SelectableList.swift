/// A vertical list with one selected row, drawn from `offset`; rows outside the area are never
/// touched, so a list of 100,000 entries costs one screen. Compute `offset` with `ScrollOffset`.
public struct SelectableList: Widget {
    public var items: [String]
    public var selected: Int?
    public var offset: Int
    public var theme: Theme
    public var glyphs: Glyphs

    public init(items: [String], selected: Int?, offset: Int = 0, theme: Theme = .standard, glyphs: Glyphs = .unicode) {
        self.items = items
        self.selected = selected
        self.offset = offset
        self.theme = theme
        self.glyphs = glyphs
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let markerWidth = DisplayWidth.of(glyphs.selectionMarker)
        let start = Swift.max(0, offset)
        for line in 0..<area.height {
            let index = start + line
            guard index < items.count else { break }
            let isSelected = index == selected
            let style = isSelected ? theme.selected : theme.base
            let marker = isSelected ? glyphs.selectionMarker : String(repeating: " ", count: markerWidth)
            let text = TextLayout.pad(items[index], to: area.width - markerWidth - 1, ellipsis: glyphs.ellipsis)
            buffer.fill(Rect(x: area.x, y: area.y + line, width: area.width, height: 1), with: .blank(style))
            buffer.write("\(marker) \(text)", x: area.x, y: area.y + line, style: style, clip: area)
        }
    }
}
