/// What the last frame showed of a scrolling column of lines: the keys that page and the mouse
/// wheel move from here, and focus moves to a control the person can actually see.
public struct LineScrollView: Sendable, Equatable {
    /// Where the column is drawn, for the wheel: only a wheel over it scrolls it.
    public var area: Rect
    /// First content row shown, and how many rows are shown and exist.
    public var offset: Int
    public var visibleRows: Int
    public var rowCount: Int
    /// Each control's rows, in Tab order.
    public var controls: [ControlRows]

    public struct ControlRows: Sendable, Equatable {
        public var id: String
        public var rows: ClosedRange<Int>
    }

    public func rows(of id: String?) -> ClosedRange<Int>? {
        controls.first { $0.id == id }?.rows
    }
}

/// Keeps a selection on screen with the least scrolling, so the list does not jump when the
/// selection moves within the visible rows.
public enum ScrollOffset {
    /// The first visible row for `selected`, starting from `previous`.
    public static func keeping(selected: Int, visible: Int, count: Int, previous: Int) -> Int {
        guard visible > 0, count > visible else { return 0 }
        let clampedSelected = Swift.min(Swift.max(0, selected), count - 1)
        var offset = Swift.min(Swift.max(0, previous), count - visible)
        if clampedSelected < offset { offset = clampedSelected }
        if clampedSelected >= offset + visible { offset = clampedSelected - visible + 1 }
        return offset
    }
}
