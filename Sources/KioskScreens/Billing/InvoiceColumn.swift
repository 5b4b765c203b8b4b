import KioskViewModels
import TerminalUI

/// The billing table's columns in display order. When the terminal is too narrow for all of
/// them, whole columns are left out, least needed first: a half-cut amount or invoice number
/// misleads, a missing "Paid with" does not (the invoice's detail shows it).
enum InvoiceColumn: CaseIterable {
    case date, number, description, amount, status, paidWith

    var column: TableColumn {
        switch self {
        case .date: TableColumn("  Date", width: .fixed(14))
        case .number: TableColumn("Number", width: .fixed(10))
        case .description: TableColumn("Description", width: .flex(1))
        case .amount: TableColumn("Amount", width: .min(9), alignment: .trailing)
        case .status: TableColumn("Status", width: .min(8))
        case .paidWith: TableColumn("Paid with", width: .fixed(16))
        }
    }

    /// The cells it needs to be worth showing. A description narrower than 10 says nothing; "Paid
    /// with" also asks 20 more for the description, so it shows only where that stays readable.
    private var minimumWidth: Int {
        switch self {
        case .description: 10
        case .paidWith: 16 + 20
        default:
            switch column.width {
            case let .fixed(cells), let .min(cells), let .flex(cells): cells
            }
        }
    }

    /// Kept longest when space runs out: what identifies and prices an invoice first.
    private static let priority: [InvoiceColumn] = [.date, .amount, .number, .status, .description, .paidWith]

    func cell(_ row: InvoiceRow) -> String {
        switch self {
        case .date: row.dayText
        case .number: row.id
        case .description: row.description
        case .amount: row.amount
        case .status: row.statusText
        case .paidWith: row.paymentMethod ?? ""
        }
    }

    /// The columns that fit `width` whole (one space between columns), in display order.
    static func fitting(_ width: Int) -> [InvoiceColumn] {
        var kept = priority
        while kept.count > 1, kept.reduce(-1, { $0 + $1.minimumWidth + 1 }) > width { kept.removeLast() }
        return allCases.filter(kept.contains)
    }
}
