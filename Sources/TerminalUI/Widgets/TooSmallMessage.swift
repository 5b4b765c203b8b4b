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
        let lines = Self.lines(required: required, have: area.size, width: area.width)
        let top = area.y + Swift.max(0, (area.height - lines.count) / 2)
        for (index, line) in lines.enumerated() where top + index < area.maxY {
            let x = area.x + Swift.max(0, (area.width - DisplayWidth.of(line)) / 2)
            buffer.write(line, x: x, y: top + index, style: theme.warning, clip: area)
        }
    }

    /// "Terminal too small" and "(need 60x20, have 40x12)" on one line when they fit, else each
    /// phrase on its own lines, so a narrow terminal never breaks the sizes mid-phrase.
    static func lines(required: Size, have: Size, width: Int) -> [String] {
        let phrases = ["Terminal too small", "(need \(required), have \(have))"]
        var lines: [String] = []
        for phrase in phrases {
            if let last = lines.last, DisplayWidth.of(last) + 1 + DisplayWidth.of(phrase) <= width {
                lines[lines.count - 1] = last + " " + phrase
            } else {
                lines += TextLayout.wrap(phrase, to: width)
            }
        }
        return lines
    }
}
