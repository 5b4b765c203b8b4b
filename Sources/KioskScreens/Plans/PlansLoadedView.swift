import KioskViewModels
import TerminalUI

/// The period switch, the comparison grid, and below it what choosing the selected plan does.
enum PlansLoadedView {
    static func render(_ plans: PlanComparisonState, _ content: PlanComparisonContent, in area: Rect, frame: inout Frame,
                       context: RenderContext) {
        let panel = Panel(title: "Compare plans", theme: context.theme, glyphs: context.glyphs)
        panel.render(in: area, buffer: &frame.buffer)
        let inner = panel.inner(area).inset(horizontal: 1, vertical: 0)
        var cursor = LineCursor(area: inner, ellipsis: context.glyphs.ellipsis)
        renderPeriodSwitch(plans.period, in: cursor.take(1), frame: &frame, context: context)
        cursor.gap(reserve: content.rows.count + 6)
        let summaryLines = 2
        let messageLines = plans.message == nil ? 0 : 1
        let gridHeight = min(content.rows.count + 5, max(3, cursor.remaining - summaryLines - messageLines - 1))
        PlanGrid.render(plans, content, in: cursor.take(gridHeight), frame: &frame, context: context)
        cursor.gap(reserve: summaryLines + messageLines)
        if let summary = PlanWording.summary(plans) {
            cursor.wrapped(summary, style: context.theme.base.bolded(), maxLines: summaryLines, buffer: &frame.buffer)
        }
        if let message = plans.message {
            cursor.line(message, style: context.theme.warning, buffer: &frame.buffer)
        }
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
