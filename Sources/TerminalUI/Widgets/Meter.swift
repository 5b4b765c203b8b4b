/// A usage or progress bar with its numbers, e.g. `Projects ███░░░ 3/10`; the numbers are always
/// drawn so the bar never has to be read by colour or shape alone.
public struct Meter: Widget {
    public var label: String
    public var value: Int
    public var total: Int
    public var theme: Theme
    public var glyphs: Glyphs

    public init(label: String, value: Int, total: Int, theme: Theme = .standard, glyphs: Glyphs = .unicode) {
        self.label = label
        self.value = value
        self.total = total
        self.theme = theme
        self.glyphs = glyphs
    }

    /// Filled cells out of `width`, rounded down so a bar is full only at 100%.
    public static func filledCells(value: Int, total: Int, width: Int) -> Int {
        guard total > 0, width > 0 else { return 0 }
        return Swift.min(width, Swift.max(0, value) * width / total)
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let numbers = "\(value)/\(total)"
        let labelText = label.isEmpty ? "" : "\(label) "
        let barWidth = area.width - DisplayWidth.of(labelText) - DisplayWidth.of(numbers) - 1
        var x = buffer.write(labelText, x: area.x, y: area.y, style: theme.base, clip: area)
        if barWidth > 0 {
            let filled = Meter.filledCells(value: value, total: total, width: barWidth)
            x = buffer.write(String(repeating: glyphs.meterFilled, count: filled), x: x, y: area.y, style: theme.meterFilled, clip: area)
            x = buffer.write(String(repeating: glyphs.meterEmpty, count: barWidth - filled), x: x, y: area.y, style: theme.meterEmpty, clip: area)
            x += 1
        }
        buffer.write(numbers, x: x, y: area.y, style: value > total ? theme.warning : theme.base, clip: area)
    }
}
