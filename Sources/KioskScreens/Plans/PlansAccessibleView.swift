import KioskViewModels
import TerminalUI

/// The comparison read out line by line: each plan with its price and whether it is current or
/// selected, then each feature across the plans in words.
enum PlansAccessibleView {
    static func render(_ plans: PlanComparisonState, _ content: PlanComparisonContent, in area: Rect, frame: inout Frame,
                       context: RenderContext) {
        var cursor = LineCursor(area: area, ellipsis: context.glyphs.ellipsis)
        let other = PlanWording.otherPeriod(plans.period)
        cursor.line("Plans, billed \(plans.period.rawValue). Press m for \(other.rawValue) prices.", style: context.theme.title,
                    buffer: &frame.buffer)
        if let column = plans.selectedColumn {
            cursor.line("Selected plan: \(column.name), \(column.priceText).", style: context.theme.selected, buffer: &frame.buffer)
        }
        for (index, column) in content.columns.enumerated() {
            var notes: [String] = []
            if column.isCurrent { notes.append("current plan") }
            if column.planID == plans.selectedPlanID { notes.append("selected") }
            let suffix = notes.isEmpty ? "" : " (\(notes.joined(separator: ", ")))"
            let row = cursor.line("Plan \(index + 1) of \(content.columns.count): \(column.name), \(column.priceText). "
                                  + "Action: \(column.action.title)\(suffix).", buffer: &frame.buffer)
            if let row { frame.addHit(row, .app(.plans(.selectPlan(planID: column.planID)))) }
        }
        for row in content.rows {
            let values = zip(content.columns, row.values).map { "\($0.name) \(spoken($1))" }
            cursor.line("\(row.name): \(values.joined(separator: ", ")).", buffer: &frame.buffer)
        }
        if let summary = PlanWording.summary(plans) { cursor.wrapped(summary, maxLines: 2, buffer: &frame.buffer) }
        if let message = plans.message { cursor.line("Result: \(message)", buffer: &frame.buffer) }
    }

    /// Marks read as words: a screen reader says nothing useful for a tick or a dash.
    private static func spoken(_ value: String) -> String {
        switch value {
        case "✓": "yes"
        case "—": "no"
        default: value
        }
    }
}
