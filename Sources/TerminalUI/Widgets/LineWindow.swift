/// Which rows of a tall column of lines fit in an area, and the "↑ N more" / "↓ N more" marker
/// rows that say what lies beyond. Markers take rows of their own, so they never cover a line,
/// and the window is placed as close to the requested top as keeps the focused rows in view.
public struct LineWindow: Equatable, Sendable {
    /// Index of the first content row shown.
    public var offset: Int
    /// Content rows shown.
    public var count: Int
    /// Content rows hidden above and below.
    public var above: Int { offset }
    public var below: Int
    /// Whether the marker rows are drawn (only when there is room for them and a line).
    public var hasTopMarker: Bool
    public var hasBottomMarker: Bool

    /// Below this height markers would leave no room for content, so the window just clips.
    public static let minimumHeightForMarkers = 3

    /// - Parameters:
    ///   - rows: content rows in all.
    ///   - height: rows of the area.
    ///   - top: the first row asked for (the last scroll position); clamped.
    ///   - focus: rows of the focused line, kept in view when given.
    public init(rows: Int, height: Int, top: Int, focus: ClosedRange<Int>?) {
        guard rows > height, height > 0 else {
            self.init(offset: 0, count: min(rows, max(0, height)), rows: rows, markers: false)
            return
        }
        let markers = height >= Self.minimumHeightForMarkers
        let capacity = { (offset: Int) in Self.capacity(offset: offset, rows: rows, height: height, markers: markers) }
        let last = Self.lastOffset(rows: rows, height: height, markers: markers)
        var offset = min(max(0, top), last)
        if let focus {
            if focus.lowerBound < offset { offset = focus.lowerBound }
            while focus.upperBound >= offset + capacity(offset), offset < focus.lowerBound, offset < last { offset += 1 }
        }
        self.init(offset: offset, count: capacity(offset), rows: rows, markers: markers)
    }

    private init(offset: Int, count: Int, rows: Int, markers: Bool) {
        self.offset = offset
        self.count = count
        below = max(0, rows - offset - count)
        hasTopMarker = markers && offset > 0
        hasBottomMarker = markers && below > 0
    }

    /// Content rows that fit when the window starts at `offset`.
    private static func capacity(offset: Int, rows: Int, height: Int, markers: Bool) -> Int {
        guard markers else { return height }
        let withoutBottom = height - (offset > 0 ? 1 : 0)
        return offset + withoutBottom < rows ? withoutBottom - 1 : withoutBottom
    }

    /// The offset that shows the last row at the bottom.
    private static func lastOffset(rows: Int, height: Int, markers: Bool) -> Int {
        guard markers else { return rows - height }
        return rows - (height - 1)
    }
}
