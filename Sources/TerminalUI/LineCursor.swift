/// Writes lines top to bottom inside an area, so screens that stack text (accessible layouts,
/// details, messages) never compute row offsets by hand and never draw past the bottom.
public struct LineCursor: Sendable {
    public let area: Rect
    public private(set) var y: Int
    public var ellipsis: String

    public init(area: Rect, ellipsis: String = "…") {
        self.area = area
        self.y = area.y
        self.ellipsis = ellipsis
    }

    /// Rows left below the cursor.
    public var remaining: Int { Swift.max(0, area.maxY - y) }

    /// One line, cut with an ellipsis when too wide; returns its row, or nil when out of room.
    @discardableResult
    public mutating func line(_ text: String, style: Style = .plain, indent: Int = 0, buffer: inout Buffer) -> Rect? {
        guard remaining > 0 else { return nil }
        let row = Rect(x: area.x + indent, y: y, width: area.width - indent, height: 1)
        buffer.write(TextLayout.truncate(text, to: row.width, ellipsis: ellipsis), x: row.x, y: y, style: style, clip: row)
        y += 1
        return row
    }

    /// Wrapped text on at most `maxLines` rows (all that fit when nil); the last row shown ends in
    /// an ellipsis when text was left out.
    public mutating func wrapped(_ text: String, style: Style = .plain, maxLines: Int? = nil, buffer: inout Buffer) {
        let lines = TextLayout.wrap(text, to: area.width)
        let limit = Swift.min(maxLines ?? lines.count, remaining)
        for (index, text) in lines.prefix(limit).enumerated() {
            let cut = index == limit - 1 && lines.count > limit
            line(cut ? text + ellipsis : text, style: style, buffer: &buffer)
        }
    }

    /// Leaves a blank row when there is room for it and `reserve` more rows after it.
    public mutating func gap(reserve: Int = 0) {
        if remaining > reserve + 1 { y += 1 }
    }

    /// Hands out the next `height` rows (fewer when short) as a rectangle for a widget.
    public mutating func take(_ height: Int) -> Rect {
        let taken = Swift.min(Swift.max(0, height), remaining)
        defer { y += taken }
        return Rect(x: area.x, y: y, width: area.width, height: taken)
    }

    /// Everything below the cursor.
    public mutating func rest() -> Rect { take(remaining) }
}
