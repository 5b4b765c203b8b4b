extension Dialog {
    /// Where each button is drawn when the dialog renders in `area`, so a screen can make them
    /// clickable; the same arithmetic as `render`.
    public func buttonFrames(in area: Rect) -> [Rect] {
        let inner = Panel().inner(frame(in: area)).inset(horizontal: 1, vertical: 0)
        let widths = buttons.map { Button($0, glyphs: glyphs).width }
        let rowWidth = widths.reduce(0, +) + Swift.max(0, buttons.count - 1)
        var x = inner.x + Swift.max(0, (inner.width - rowWidth) / 2)
        return widths.map { width in
            defer { x += width + 1 }
            return Rect(x: x, y: inner.maxY - 1, width: width, height: 1).intersection(inner)
        }
    }
}
