/// A bordered box with an optional title in the top edge; the container for every screen section.
public struct Panel: Widget {
    public var title: String?
    public var theme: Theme
    public var glyphs: Glyphs

    public init(title: String? = nil, theme: Theme = .standard, glyphs: Glyphs = .unicode) {
        self.title = title
        self.theme = theme
        self.glyphs = glyphs
    }

    /// The region inside the border, where the panel's content goes.
    public func inner(_ area: Rect) -> Rect { area.inset(by: 1) }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard area.width >= 2, area.height >= 2 else { return }
        buffer.fill(area, with: .blank(theme.base))
        let middle = String(repeating: glyphs.horizontal, count: area.width - 2)
        buffer.write(glyphs.topLeft + middle + glyphs.topRight, x: area.x, y: area.y, style: theme.border, clip: area)
        buffer.write(glyphs.bottomLeft + middle + glyphs.bottomRight, x: area.x, y: area.maxY - 1, style: theme.border, clip: area)
        for y in (area.y + 1)..<(area.maxY - 1) {
            buffer.write(glyphs.vertical, x: area.x, y: y, style: theme.border, clip: area)
            buffer.write(glyphs.vertical, x: area.maxX - 1, y: y, style: theme.border, clip: area)
        }
        if let title, area.width > 4 {
            let fitted = TextLayout.truncate(title, to: area.width - 4, ellipsis: glyphs.ellipsis)
            buffer.write(" \(fitted) ", x: area.x + 1, y: area.y, style: theme.title, clip: area)
        }
    }
}
