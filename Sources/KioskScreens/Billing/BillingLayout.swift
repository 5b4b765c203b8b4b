import TerminalUI

/// Where the billing screen's parts go, shared by drawing and by the viewport height the view
/// model is told, so both agree on how many rows are on screen.
enum BillingLayout {
    /// Rows above the table inside the content: the filter line.
    static let linesAbove = 1
    /// Rows below the table: the export message.
    static let linesBelow = 1

    /// The table's rectangle (header included) inside the screen's content area.
    static func table(in content: Rect, accessible: Bool) -> Rect {
        let inner = accessible ? content : content.inset(by: 1)
        let rows = inner.rows([.fixed(linesAbove + (accessible ? 1 : 0)), .fill(), .fixed(linesBelow)])
        return rows[1]
    }

    /// Invoice rows visible for a terminal of `size` (the content is all but the tab and status bars).
    static func visibleRows(for size: Size, accessible: Bool) -> Int {
        let content = Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 2))
        return max(1, table(in: content, accessible: accessible).height - 1)
    }
}
