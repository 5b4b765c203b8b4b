import KioskViewModels
import PaymentsCore
import TerminalUI

/// One invoice as a receipt: its facts, then charges, credits and refunds, then the total.
enum InvoiceDetailView {
    static func render(_ detail: LoadPhase<InvoiceDetail>, in area: Rect, frame: inout Frame, context: RenderContext) {
        let title: String
        let lines: [(String, Style)]
        switch detail {
        case .loading, .empty:
            title = "Invoice"
            lines = [("Loading the invoice…", context.theme.base)]
        case let .failed(error):
            title = "Invoice"
            lines = [("The invoice could not be loaded: \(error.message)", context.theme.error)]
        case let .loaded(detail):
            title = "Invoice \(detail.invoice.id)"
            lines = Self.lines(detail, context: context)
        }
        var cursor: LineCursor
        if context.isAccessible {
            cursor = LineCursor(area: area, ellipsis: context.glyphs.ellipsis)
            cursor.line("\(title).", style: context.theme.title, buffer: &frame.buffer)
        } else {
            let panel = Panel(title: title, theme: context.theme, glyphs: context.glyphs)
            panel.render(in: area, buffer: &frame.buffer)
            cursor = LineCursor(area: panel.inner(area).inset(horizontal: 1, vertical: 0), ellipsis: context.glyphs.ellipsis)
        }
        let body = cursor.take(max(0, cursor.remaining - 1))
        var bodyCursor = LineCursor(area: body, ellipsis: context.glyphs.ellipsis)
        for (text, style) in lines { bodyCursor.wrapped(text, style: style, maxLines: 2, buffer: &frame.buffer) }
        let close = Button("Esc Close", isFocused: true, theme: context.theme, glyphs: context.glyphs)
        let row = cursor.take(1)
        close.render(in: row, buffer: &frame.buffer)
        frame.addHit(Rect(x: row.x, y: row.y, width: min(close.width, row.width), height: row.height), .app(.billing(.closeDetail)))
    }

    private static func lines(_ detail: InvoiceDetail, context: RenderContext) -> [(String, Style)] {
        let invoice = detail.invoice
        let theme = context.theme
        var lines: [(String, Style)] = [
            ("Date: \(DateWording.minute(invoice.createdAt))", theme.base),
            ("Description: \(invoice.description)", theme.base),
        ]
        if let period = detail.servicePeriod { lines.append(("Service period: \(period)", theme.base)) }
        lines.append(("Status: \(invoice.status.rawValue.capitalized)", invoice.status == .paid ? theme.success : theme.warning))
        if let method = invoice.paymentMethod { lines.append(("Paid with: \(method.description)", theme.base)) }
        if let code = invoice.failureCode {
            lines.append(("Failed: \(code), \(invoice.attemptCount) attempt\(invoice.attemptCount == 1 ? "" : "s")", theme.error))
        }
        if let refunded = invoice.refundOf { lines.append(("Refund of: \(refunded)", theme.base)) }
        let sections: [(String, [InvoiceLine])] = [("Charges", detail.charges), ("Credits", detail.prorationCredits),
                                                   ("Refunds", detail.refunds)]
        for (name, items) in sections where !items.isEmpty {
            lines.append(("\(name):", theme.header))
            lines += items.map { ("- \($0.description): \($0.amount.formatted())", theme.base) }
        }
        lines.append(("Total: \(detail.total)", theme.base.bolded()))
        return lines
    }
}
