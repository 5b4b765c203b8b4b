/// The bottom line: the current notice, then key hints. Hints that do not fit whole are left out
/// rather than cut, because a half hint misleads. The trailing hints (the keys that work
/// everywhere) are kept at the right edge, so they show at every width, unless a notice needs
/// the room; the screen's own hints fill what is left.
public struct StatusBar: Widget {
    public var message: StatusMessage?
    public var hints: [KeyHint]
    public var trailing: [KeyHint]
    public var theme: Theme
    public var glyphs: Glyphs

    public init(message: StatusMessage? = nil, hints: [KeyHint], trailing: [KeyHint] = [], theme: Theme = .standard,
                glyphs: Glyphs = .unicode) {
        self.message = message
        self.hints = hints
        self.trailing = trailing
        self.theme = theme
        self.glyphs = glyphs
    }

    /// Where the notice is drawn, so a click on it can dismiss it.
    public func messageFrame(in area: Rect) -> Rect? {
        guard let message, !area.isEmpty else { return nil }
        let width = Swift.min(area.width, DisplayWidth.of(message.line) + 2)
        return Rect(x: area.x, y: area.y, width: width, height: 1)
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        buffer.fill(Rect(x: area.x, y: area.y, width: area.width, height: 1), with: .blank(theme.statusBar))
        var x = area.x
        if let message, let strip = messageFrame(in: area) {
            buffer.fill(strip, with: .blank(message.style(theme)))
            let fitted = TextLayout.truncate(message.line, to: Swift.max(0, strip.width - 2), ellipsis: glyphs.ellipsis)
            buffer.write(fitted, x: strip.x + 1, y: strip.y, style: message.style(theme), clip: strip)
            x = strip.maxX
        }
        var kept: [KeyHint] = []
        var trailingWidth = 0
        let start = message == nil ? area.x : x + 2
        for hint in trailing {
            let needed = (kept.isEmpty ? 0 : 2) + Self.width(hint)
            guard start + trailingWidth + needed <= area.maxX else { break }
            trailingWidth += needed
            kept.append(hint)
        }
        let leadingEnd = area.maxX - (trailingWidth == 0 ? 0 : trailingWidth + 2)
        for (index, hint) in hints.enumerated() {
            let gap = index == 0 && message == nil ? 0 : 2
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

/// One entry of the status bar, such as `q quit`.
public struct KeyHint: Sendable, Hashable {
    public var key: String
    public var action: String

    public init(key: String, action: String) {
        self.key = key
        self.action = action
    }
}
