import KioskViewModels
import TerminalUI

/// Which plan columns fit and how wide each part is. When the terminal is too narrow for every
/// plan, a window of columns around the selected one is shown and the rest are counted.
struct PlanGridLayout {
    var featureWidth: Int
    var columnWidth: Int
    /// Indices into the content's columns, left to right.
    var visible: Range<Int>

    static let minimumColumnWidth = 12

    init(width: Int, columns: [PlanColumn], rows: [FeatureRow], selected: Int) {
        let longestName = rows.map { DisplayWidth.of($0.name) }.max() ?? 8
        featureWidth = min(longestName + 1, width >= 100 ? 28 : width >= 70 ? 20 : 16)
        let room = max(0, width - featureWidth)
        let fitting = max(1, min(columns.count, room / Self.minimumColumnWidth))
        let first = min(max(0, selected - fitting / 2), max(0, columns.count - fitting))
        visible = first..<(first + fitting)
        columnWidth = fitting > 0 ? room / fitting : room
    }

    func x(ofColumn index: Int, in area: Rect) -> Int {
        area.x + featureWidth + (index - visible.lowerBound) * columnWidth
    }
}
