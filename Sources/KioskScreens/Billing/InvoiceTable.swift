import Foundation
import KioskViewModels
import PaymentsCore
import TerminalUI

/// The visible slice of billing history. Only rows on screen are built and drawn; rows the view
/// model has not loaded yet show as loading. Clicking a row selects it, clicking the selected
/// row opens it.
enum InvoiceTable {
    static func render(_ billing: BillingHistoryState, in area: Rect, frame: inout Frame, context: RenderContext) {
        guard let window = billing.window, area.height > 1 else { return }
        let glyphs = context.glyphs
        let blank = String(repeating: " ", count: DisplayWidth.of(glyphs.selectionMarker))
        let shown = InvoiceColumn.fitting(area.width)
        let columns = shown.map(\.column)
        let visible = area.height - 1
        let indices = Array(billing.scrollTop..<(billing.scrollTop + visible))
        var rows: [[String]] = []
        for index in indices {
            guard let row = window.row(at: index) else {
                if index == window.endIndex, billing.loadingPage != nil { rows.append(["  Loading…"]) }
                break
            }
            let marker = index == billing.selection ? glyphs.selectionMarker : blank
            rows.append(shown.map { $0 == .date ? "\(marker) \(row.dayText)" : $0.cell(row) })
        }
        let selectedLine = billing.selection - billing.scrollTop
        Table(columns: columns, rows: rows, selected: rows.indices.contains(selectedLine) ? selectedLine : nil,
              theme: context.theme, glyphs: glyphs).render(in: area, buffer: &frame.buffer)
        for (line, index) in indices.prefix(rows.count).enumerated() where window.row(at: index) != nil {
            let action: BillingHistoryAction = index == billing.selection ? .openSelected : .moveSelection(by: index - billing.selection)
            frame.addHit(Rect(x: area.x, y: area.y + 1 + line, width: area.width, height: 1), .app(.billing(action)))
        }
    }
}

extension InvoiceRow {
    /// Title case status words: "Paid", "Uncollectible".
    var statusText: String { status.rawValue.capitalized }

    var dayText: String { DateWording.day(date) }

    /// The UTC year the invoice was issued, for the year filter.
    var year: Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar.component(.year, from: date)
    }
}
