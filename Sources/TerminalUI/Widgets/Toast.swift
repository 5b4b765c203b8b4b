/// A short notice drawn over the top-right corner of the content, on one line.
public struct Toast: Widget {
    public var message: String
    public var kind: ToastKind
    public var theme: Theme
    public var glyphs: Glyphs

    public init(_ message: String, kind: ToastKind = .info, theme: Theme = .standard, glyphs: Glyphs = .unicode) {
        self.message = message
        self.kind = kind
        self.theme = theme
        self.glyphs = glyphs
    }

    /// The one-line strip the toast occupies: right-aligned on the top row of `screen`.
    public func frame(in screen: Rect) -> Rect {
        let width = Swift.min(screen.width, DisplayWidth.of(text) + 2)
        return Rect(x: screen.maxX - width, y: screen.y, width: width, height: Swift.min(1, screen.height))
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        let strip = frame(in: area)
        guard !strip.isEmpty else { return }
        let style = style.reversed()
        buffer.fill(strip, with: .blank(style))
        let fitted = TextLayout.truncate(text, to: strip.width - 2, ellipsis: glyphs.ellipsis)
        buffer.write(fitted, x: strip.x + 1, y: strip.y, style: style, clip: strip)
    }

    private var text: String { "\(kind.prefix) \(message)" }

    private var style: Style {
        switch kind {
        case .info: theme.base
        case .success: theme.success
        case .error: theme.error
        }
    }
}
