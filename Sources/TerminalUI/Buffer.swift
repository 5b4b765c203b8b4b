/// The screen as a grid of cells. Widgets draw here and tests compare it as text, so the buffer,
/// not the terminal, is the oracle for what the user sees.
public struct Buffer: Sendable, Hashable {
    public let size: Size
    public internal(set) var cells: [Cell]

    public init(size: Size, fill: Cell = .blank()) {
        self.size = Size(width: max(0, size.width), height: max(0, size.height))
        self.cells = Array(repeating: fill, count: self.size.width * self.size.height)
    }

    public init(width: Int, height: Int) { self.init(size: Size(width: width, height: height)) }

    public var area: Rect { Rect(size: size) }

    public subscript(x: Int, y: Int) -> Cell {
        guard area.contains(Point(x: x, y: y)) else { return .blank() }
        return cells[y * size.width + x]
    }

    /// Writes `text` from (x, y), clipped to `clip` and the buffer, and returns the column after the
    /// last glyph written. A wide glyph that would straddle the right edge becomes a space, because
    /// half a glyph is unreadable and some terminals wrap it.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain, clip: Rect? = nil) -> Int {
        let bounds = (clip ?? area).intersection(area)
        guard y >= bounds.y, y < bounds.maxY else { return x }
        var column = x
        for character in text {
            let width = DisplayWidth.of(character)
            if width == 0 { continue }
            if column >= bounds.maxX { break }
            if column < bounds.x {
                if column + width > bounds.x {
                    for padding in bounds.x..<min(column + width, bounds.maxX) {
                        put(Cell.blank(style), x: padding, y: y)
                    }
                }
                column += width
                continue
            }
            if column + width > bounds.maxX {
                put(Cell.blank(style), x: column, y: y)
                column += 1
                break
            }
            put(Cell(text: String(character), style: style), x: column, y: y)
            if width == 2 { put(.continuation(style), x: column + 1, y: y) }
            column += width
        }
        return column
    }

    /// Paints every cell of `rect` with `cell`, e.g. to clear a dialog's background.
    public mutating func fill(_ rect: Rect, with cell: Cell = .blank()) {
        let target = rect.intersection(area)
        for y in target.y..<target.maxY {
            for x in target.x..<target.maxX { put(cell, x: x, y: y) }
        }
    }

    /// Changes the style of existing cells without touching their text, e.g. to highlight a row.
    public mutating func setStyle(_ style: Style, in rect: Rect) {
        let target = rect.intersection(area)
        for y in target.y..<target.maxY {
            for x in target.x..<target.maxX { cells[y * size.width + x].style = style }
        }
    }

    /// Sets one cell, first blanking the other half of any wide glyph it cuts through, so the grid
    /// never holds an orphaned lead or continuation.
    private mutating func put(_ cell: Cell, x: Int, y: Int) {
        guard area.contains(Point(x: x, y: y)) else { return }
        let index = y * size.width + x
        let old = cells[index]
        if old.isContinuation, !cell.isContinuation, x > 0 {
            cells[index - 1] = .blank(cells[index - 1].style)
        }
        if !old.isContinuation, x + 1 < size.width, cells[index + 1].isContinuation {
            cells[index + 1] = .blank(cells[index + 1].style)
        }
        cells[index] = cell
    }

    /// Copies `other` onto this buffer with its top-left corner at `origin`, clipped to this
    /// buffer: lets a host frame a screen rendered for a smaller area (under a banner, say).
    public mutating func draw(_ other: Buffer, at origin: Point) {
        for y in 0..<other.size.height {
            for x in 0..<other.size.width {
                let cell = other[x, y]
                // A wide glyph's lead cell writes its continuation too.
                if cell.isContinuation { continue }
                write(cell.text, x: origin.x + x, y: origin.y + y, style: cell.style)
            }
        }
    }
}
