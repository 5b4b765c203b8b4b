/// A table with a header row. Cells that do not fit end in an ellipsis measured in display
/// columns; only rows from `offset` that fit are drawn, so large tables cost one screen.
public struct Table: Widget {
    public var columns: [TableColumn]
    public var rows: [[String]]
    public var selected: Int?
    public var offset: Int
    public var theme: Theme
    public var glyphs: Glyphs

    public init(
        columns: [TableColumn], rows: [[String]], selected: Int? = nil, offset: Int = 0,
        theme: Theme = .standard, glyphs: Glyphs = .unicode
    ) {
        self.columns = columns
        self.rows = rows
        self.selected = selected
        self.offset = offset
        self.theme = theme
        self.glyphs = glyphs
    }

    /// Column widths for `totalWidth` cells, one space between columns. Fixed and min columns are
    /// served first in order; when they overflow, later ones are cut.
    public func columnWidths(totalWidth: Int) -> [Int] {
        var available = max(0, totalWidth - max(0, columns.count - 1))
        var widths = Array(repeating: 0, count: columns.count)
        for (index, column) in columns.enumerated() {
            switch column.width {
            case .fixed(let cells):
                widths[index] = Swift.min(Swift.max(0, cells), available)
            case .min(let minimum):
                let natural = rows.reduce(DisplayWidth.of(column.title)) { widest, row in
                    index < row.count ? Swift.max(widest, DisplayWidth.of(row[index])) : widest
                }
                widths[index] = Swift.min(Swift.max(minimum, natural), available)
            case .flex:
                continue
            }
            available -= widths[index]
        }
        let weights = columns.map { column -> Int in
            if case .flex(let weight) = column.width { return Swift.max(0, weight) }
            return 0
        }
        let totalWeight = weights.reduce(0, +)
        guard totalWeight > 0 else { return widths }
        var handedOut = 0
        for index in columns.indices where weights[index] > 0 {
            widths[index] = available * weights[index] / totalWeight
            handedOut += widths[index]
        }
        var leftover = available - handedOut
        for index in columns.indices where weights[index] > 0 && leftover > 0 {
            widths[index] += 1
            leftover -= 1
        }
        return widths
    }

    public func render(in area: Rect, buffer: inout Buffer) {
        guard !area.isEmpty else { return }
        let widths = columnWidths(totalWidth: area.width)
        renderRow(columns.map(\.title), widths: widths, y: area.y, style: theme.header, area: area, buffer: &buffer)
        let visibleRows = area.height - 1
        guard visibleRows > 0, offset < rows.count else { return }
        for (line, index) in (Swift.max(0, offset)..<Swift.min(rows.count, Swift.max(0, offset) + visibleRows)).enumerated() {
            let style = index == selected ? theme.selected : theme.base
            renderRow(rows[index], widths: widths, y: area.y + 1 + line, style: style, area: area, buffer: &buffer)
        }
    }

    private func renderRow(_ values: [String], widths: [Int], y: Int, style: Style, area: Rect, buffer: inout Buffer) {
        buffer.fill(Rect(x: area.x, y: y, width: area.width, height: 1), with: .blank(style))
        var x = area.x
        for (index, width) in widths.enumerated() {
            let value = index < values.count ? values[index] : ""
            let text = TextLayout.pad(value, to: width, alignment: columns[index].alignment, ellipsis: glyphs.ellipsis)
            buffer.write(text, x: x, y: y, style: style, clip: area)
            x += width + 1
        }
    }
}

/// One table column's heading, sizing rule and alignment.
public struct TableColumn: Sendable, Hashable {
    /// How a column is sized: `fixed` always takes its cells, `min` takes its content's width
    /// but never less than its minimum, and `flex` columns share what is left by weight.
    public enum Width: Sendable, Hashable {
        case fixed(Int)
        case min(Int)
        case flex(Int)
    }

    public var title: String
    public var width: Width
    public var alignment: Alignment

    public init(_ title: String, width: Width, alignment: Alignment = .leading) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }
}
