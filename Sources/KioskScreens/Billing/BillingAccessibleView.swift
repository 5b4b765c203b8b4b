import KioskViewModels
import TerminalUI

/// Billing history as labelled lines: where the selection is, the filter, then one sentence per
/// visible invoice.
enum BillingAccessibleView {
    static func render(_ billing: BillingHistoryState, in area: Rect, frame: inout Frame, context: RenderContext) {
        guard let window = billing.window else { return }
        var header = LineCursor(area: area, ellipsis: context.glyphs.ellipsis)
        header.line("Billing history. \(BillingWording.position(billing)).", style: context.theme.title, buffer: &frame.buffer)
        header.line("Filter: \(BillingWording.filter(billing.filter)).", buffer: &frame.buffer)
        let table = BillingLayout.table(in: area, accessible: true)
        var cursor = LineCursor(area: Rect(x: table.x, y: table.y + 1, width: table.width, height: table.height - 1),
                                ellipsis: context.glyphs.ellipsis)
        for index in billing.scrollTop..<(billing.scrollTop + cursor.remaining) {
            guard let row = window.row(at: index) else { break }
            let selected = index == billing.selection ? " (selected)" : ""
            let text = "\(row.dayText), \(row.id), \(row.description), \(row.amount), \(row.statusText)\(selected)"
            if let line = cursor.line(text, style: selected.isEmpty ? context.theme.base : context.theme.selected, buffer: &frame.buffer) {
                let action: BillingHistoryAction = index == billing.selection ? .openSelected : .moveSelection(by: index - billing.selection)
                frame.addHit(line, .app(.billing(action)))
            }
        }
        if let message = BillingWording.export(billing) {
            var footer = LineCursor(area: Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1), ellipsis: context.glyphs.ellipsis)
            footer.line(message, buffer: &frame.buffer)
        }
    }
}
