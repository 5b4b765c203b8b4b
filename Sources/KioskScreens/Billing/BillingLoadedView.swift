import KioskViewModels
import TerminalUI

/// The filter line, the invoice table and the export outcome, in a box.
enum BillingLoadedView {
    static func render(_ billing: BillingHistoryState, in area: Rect, frame: inout Frame, context: RenderContext) {
        let panel = Panel(title: "Billing history", theme: context.theme, glyphs: context.glyphs)
        panel.render(in: area, buffer: &frame.buffer)
        let inner = panel.inner(area)
        let filterRow = Rect(x: inner.x + 1, y: inner.y, width: inner.width - 2, height: 1)
        let position = BillingWording.position(billing)
        let filterText = "Filter: \(BillingWording.filter(billing.filter))"
        frame.buffer.write(TextLayout.truncate(filterText, to: filterRow.width - DisplayWidth.of(position) - 2,
                                               ellipsis: context.glyphs.ellipsis),
                           x: filterRow.x, y: filterRow.y, style: context.theme.base, clip: filterRow)
        frame.buffer.write(position, x: filterRow.maxX - DisplayWidth.of(position), y: filterRow.y,
                           style: context.theme.base.bolded(), clip: filterRow)
        InvoiceTable.render(billing, in: BillingLayout.table(in: area, accessible: false), frame: &frame, context: context)
        if let message = BillingWording.export(billing) {
            let row = Rect(x: inner.x + 1, y: inner.maxY - 1, width: inner.width - 2, height: 1)
            let style = message.hasPrefix("Export failed") ? context.theme.error : context.theme.success
            frame.buffer.write(TextLayout.truncate(message, to: row.width, ellipsis: context.glyphs.ellipsis),
                               x: row.x, y: row.y, style: style, clip: row)
        }
    }
}
