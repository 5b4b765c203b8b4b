import TerminalUI

/// What the last frame showed of a scrolling column of lines: the keys that page and the mouse
/// wheel move from here, and focus moves to a control the person can actually see.
public struct LineScrollView: Sendable {
    /// Where the column is drawn, for the wheel: only a wheel over it scrolls it.
    var area: Rect
    /// First content row shown, and how many rows are shown and exist.
    var offset: Int
    var visibleRows: Int
    var rowCount: Int
    /// Each control's rows, in Tab order.
    var controls: [ControlRows]

    struct ControlRows: Sendable {
        var id: String
        var rows: ClosedRange<Int>
    }

    func rows(of id: String?) -> ClosedRange<Int>? {
        controls.first { $0.id == id }?.rows
    }
}
