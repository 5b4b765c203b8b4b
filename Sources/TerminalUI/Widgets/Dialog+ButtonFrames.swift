extension Dialog {
    /// Where each button is drawn when the dialog renders in `area`, so callers can make them
    /// clickable; the same arithmetic as `render(in:buffer:)`.
    public func buttonFrames(in area: Rect) -> [Rect] {
        let box = frame(in: area)
        let inner = Panel(theme: theme, glyphs: glyphs).inner(box).inset(horizontal: 1, vertical: 0)
        let widths = buttons.map { Button($0, glyphs: glyphs).width }
        let rowWidth = widths.reduce(0, +) + Swift.max(0, buttons.count - 1)
        var x = inner.x + Swift.max(0, (inner.width - rowWidth) / 2)
        return widths.map { width in
            defer { x += width + 1 }
            return Rect(x: x, y: inner.maxY - 1, width: width, height: 1).intersection(inner)
        }
    }
}
