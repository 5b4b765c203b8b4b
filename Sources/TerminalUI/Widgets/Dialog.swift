/// A modal box centred over the content: it clears its own area, wraps its message and shows
/// its buttons in a row, the focused one marked.
public struct Dialog: Widget {
    public var title: String
    public var message: String
    public var buttons: [String]
    public var focusedButton: Int
    public var theme: Theme
    public var glyphs: Glyphs

    public init(
        title: String, message: String, buttons: [String], focusedButton: Int = 0,
        theme: Theme = .standard, glyphs: Glyphs = .unicode
    ) {
        self.title = title
        self.message = message
        self.buttons = buttons
        self.focusedButton = focusedButton
        self.theme = theme
        self.glyphs = glyphs
    }

    /// The dialog's box within `screen`: as wide as its content (within `maxWidth` and the
    /// screen), as tall as its wrapped message plus the border and the button row.
    public func frame(in screen: Rect, maxWidth: Int = 60) -> Rect {
        let buttonsWidth = buttonWidths.reduce(0, +) + Swift.max(0, buttons.count - 1)
        let contentWidth = Swift.max(buttonsWidth, DisplayWidth.of(title) + 2, longestLine(message))
        let width = Swift.min(Swift.min(maxWidth, screen.width), contentWidth + 4)
        let lines = TextLayout.wrap(message, to: Swift.max(1, width - 4))
        return screen.centered(Size(width: width, height: lines.count + 5))
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        let box = frame(in: area)
        let panel = Panel(title: title, theme: theme, glyphs: glyphs)
        panel.render(in: box, buffer: &buffer)
        let inner = panel.inner(box).inset(horizontal: 1, vertical: 0)
        let lines = TextLayout.wrap(message, to: Swift.max(1, inner.width))
        for (line, text) in lines.enumerated() where line < inner.height - 2 {
            buffer.write(text, x: inner.x, y: inner.y + 1 + line, style: theme.base, clip: inner)
        }
        let widths = buttonWidths
        let rowWidth = widths.reduce(0, +) + Swift.max(0, buttons.count - 1)
        var x = inner.x + Swift.max(0, (inner.width - rowWidth) / 2)
        let y = inner.maxY - 1
        for (index, label) in buttons.enumerated() {
            let button = Button(label, isFocused: index == focusedButton, theme: theme, glyphs: glyphs)
            button.render(in: Rect(x: x, y: y, width: inner.maxX - x, height: 1).intersection(inner), buffer: &buffer)
            x += widths[index] + 1
        }
    }

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

    private var buttonWidths: [Int] { buttons.map { Button($0, glyphs: glyphs).width } }

    private func longestLine(_ text: String) -> Int {
        text.split(separator: "\n").map { DisplayWidth.of(String($0)) }.max() ?? 0
    }
}
