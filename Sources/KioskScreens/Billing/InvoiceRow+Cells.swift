import Foundation
import KioskViewModels
import PaymentsCore

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
