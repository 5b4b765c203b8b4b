extension Buffer {
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
