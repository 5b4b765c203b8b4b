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
