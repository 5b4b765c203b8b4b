import KioskViewModels
import TerminalUI

/// The period switch, the comparison grid, and below it what choosing the selected plan does.
enum PlansLoadedView {
    static func render(_ plans: PlanComparisonState, _ content: PlanComparisonContent, rowOffset: Int, in area: Rect,
                       frame: inout Frame, context: RenderContext) {
        let panel = Panel(title: "Compare plans", theme: context.theme, glyphs: context.glyphs)
        panel.render(in: area, buffer: &frame.buffer)
        var cursor = LineCursor(area: inner(area), ellipsis: context.glyphs.ellipsis)
        renderPeriodSwitch(plans.period, in: cursor.take(1), frame: &frame, context: context)
        let grid = gridArea(plans, content, cursor: &cursor)
        PlanGrid.render(plans, content, rowOffset: rowOffset, in: grid, frame: &frame, context: context)
        let summaryLines = summaryLines(plans, width: cursor.area.width)
        cursor.gap(reserve: summaryLines + (plans.message == nil ? 0 : 1))
        if let summary = PlanWording.summary(plans) {
            cursor.wrapped(summary, style: context.theme.base.bolded(), maxLines: summaryLines, buffer: &frame.buffer)
        }
        if let message = plans.message {
            cursor.line(message, style: context.theme.warning, buffer: &frame.buffer)
        }
    }

    /// The rows the summary takes at `width`: all it needs, however narrow, because it states what
    /// is charged and an amount is never cut; the grid scrolls to make room. At least two, so
    /// the grid does not jump as the selection moves.
    static func summaryLines(_ plans: PlanComparisonState, width: Int) -> Int {
        max(2, PlanWording.summary(plans).map { TextLayout.wrap($0, to: width).count } ?? 0)
    }

    private static func inner(_ area: Rect) -> Rect {
        area.inset(by: 1).inset(horizontal: 1, vertical: 0)
    }

    /// The grid's rows, below the period switch: all the feature rows when they fit, else what
    /// is left above the summary (the grid then scrolls).
    private static func gridArea(_ plans: PlanComparisonState, _ content: PlanComparisonContent,
                                 cursor: inout LineCursor) -> Rect {
        cursor.gap(reserve: content.rows.count + 6)
        let messageLines = plans.message == nil ? 0 : 1
        let summaryLines = summaryLines(plans, width: cursor.area.width)
        return cursor.take(min(content.rows.count + 5, max(3, cursor.remaining - summaryLines - messageLines - 1)))
    }

    /// How many feature rows the grid shows in `area` (the screen's content area), for the keys
    /// that page through them.
    static func visibleFeatureRows(_ plans: PlanComparisonState, _ content: PlanComparisonContent, in area: Rect) -> Int {
        var cursor = LineCursor(area: inner(area), ellipsis: "")
        _ = cursor.take(1)
        return PlanGrid.bodyLayout(content, in: gridArea(plans, content, cursor: &cursor)).shown
    }

    /// `[x] Monthly  [ ] Yearly  m switches`; clicking either side switches.
    private static func renderPeriodSwitch(_ period: BillingPeriod, in row: Rect, frame: inout Frame, context: RenderContext) {
        guard !row.isEmpty else { return }
        var x = row.x
        x = frame.buffer.write("Billing: ", x: x, y: row.y, style: context.theme.base, clip: row)
        for option in BillingPeriod.allCases {
            let label = "\(option == period ? "[x]" : "[ ]") \(PlanWording.periodLabel(option))"
            let style = option == period ? context.theme.base.bolded() : context.theme.base
            let start = x
            x = frame.buffer.write(label, x: x, y: row.y, style: style, clip: row)
            if option != period {
                frame.addHit(Rect(x: start, y: row.y, width: x - start, height: 1), .app(.plans(.togglePeriod)))
            }
            x += 2
        }
        frame.buffer.write("(m switches)", x: x, y: row.y, style: context.theme.disabled, clip: row)
    }
}
