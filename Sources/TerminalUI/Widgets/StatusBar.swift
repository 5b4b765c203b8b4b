/// The bottom line of key hints. Hints that do not fit whole are left out rather than cut,
/// because a half hint misleads.
public struct StatusBar: Widget {
    public var hints: [KeyHint]
    public var theme: Theme

    public init(hints: [KeyHint], theme: Theme = .standard) {
        self.hints = hints
        self.theme = theme
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), with: .blank(theme.statusBar))
        var x = area.x
        for (index, hint) in hints.enumerated() {
            let gap = index == 0 ? 0 : 2
            let needed = gap + DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.action)
            guard x + needed <= area.maxX else { break }
            x += gap
            x = buffer.write(hint.key, x: x, y: area.y, style: theme.keyHint, clip: area)
            x = buffer.write(" \(hint.action)", x: x, y: area.y, style: theme.statusBar, clip: area)
        }
    }
}
