/// Drawn instead of a screen when the terminal is smaller than the layout needs, so the app
/// never draws a broken layout and says what size would work.
public struct TooSmallMessage: Widget {
    public var required: Size
    public var theme: Theme

    public init(required: Size, theme: Theme = .standard) {
        self.required = required
        self.theme = theme
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(area, with: .blank(theme.base))
        let text = "Terminal too small (need \(required), have \(area.size))"
        let lines = TextLayout.wrap(text, to: area.width)
        let top = area.y + Swift.max(0, (area.height - lines.count) / 2)
        for (index, line) in lines.enumerated() where top + index < area.maxY {
            let x = area.x + Swift.max(0, (area.width - DisplayWidth.of(line)) / 2)
            buffer.write(line, x: x, y: top + index, style: theme.warning, clip: area)
        }
    }
}
