/// The bottom line of key hints. Hints that do not fit whole are left out rather than cut,
/// because a half hint misleads. The trailing hints (the keys that work everywhere) are kept at
/// the right edge first, so they show at every width; the screen's own hints fill what is left.
public struct StatusBar: Widget {
    public var hints: [KeyHint]
    public var trailing: [KeyHint]
    public var theme: Theme

    public init(hints: [KeyHint], trailing: [KeyHint] = [], theme: Theme = .standard) {
        self.hints = hints
        self.trailing = trailing
        self.theme = theme
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), with: .blank(theme.statusBar))
        var kept: [KeyHint] = []
        var trailingWidth = 0
        for hint in trailing {
            let needed = (kept.isEmpty ? 0 : 2) + Self.width(hint)
            guard trailingWidth + needed <= area.width else { break }
            trailingWidth += needed
            kept.append(hint)
        }
        let leadingEnd = area.maxX - (trailingWidth == 0 ? 0 : trailingWidth + 2)
        var x = area.x
        for (index, hint) in hints.enumerated() {
            let gap = index == 0 ? 0 : 2
            guard x + gap + Self.width(hint) <= leadingEnd else { break }
            x += gap
            x = write(hint, x: x, area: area, buffer: &buffer)
        }
        x = area.maxX - trailingWidth
        for (index, hint) in kept.enumerated() {
            if index > 0 { x += 2 }
            x = write(hint, x: x, area: area, buffer: &buffer)
        }
    }

    private static func width(_ hint: KeyHint) -> Int {
        DisplayWidth.of(hint.key) + 1 + DisplayWidth.of(hint.action)
    }

    private func write(_ hint: KeyHint, x: Int, area: Rect, buffer: inout Buffer) -> Int {
        let end = buffer.write(hint.key, x: x, y: area.y, style: theme.keyHint, clip: area)
        return buffer.write(" \(hint.action)", x: end, y: area.y, style: theme.statusBar, clip: area)
    }
}
