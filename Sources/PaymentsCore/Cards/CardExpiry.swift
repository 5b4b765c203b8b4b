import Foundation

/// A card's expiry month and four-digit year, as printed on the card.
///
/// A card is valid through the last day of its expiry month, so expiry is judged by calendar
/// month in UTC, the same for every customer whatever their time zone.
public struct CardExpiry: Sendable, Hashable, Codable, CustomStringConvertible {
    public let month: Int
    public let year: Int

    /// Reads what a customer typed in an "MM / YY" field: "12/30", "12 / 2030", "1/30", "1230".
    ///
    /// A two-digit year means 20YY, as on every card printed this century. Only the shape and
    /// the month range are checked here; whether the date has passed is `problem(now:)`'s job.
    public init(parsing text: String) throws(CardExpiryError) {
        let compact = text.filter { !$0.isWhitespace }
        let monthText: Substring
        let yearText: Substring
        if let slash = compact.firstIndex(of: "/") {
            monthText = compact[..<slash]
            yearText = compact[compact.index(after: slash)...]
        } else if compact.count == 4 || compact.count == 6 {
            monthText = compact.prefix(2)
            yearText = compact.dropFirst(2)
        } else if compact.allSatisfy(\.isNumber) {
            throw .incomplete
        } else {
            throw .invalidMonth
        }
        guard !monthText.isEmpty else { throw .incomplete }
        guard monthText.count <= 2, let month = Self.number(monthText), (1...12).contains(month) else {
            throw .invalidMonth
        }
        guard let yearValue = Self.number(yearText) else {
            throw yearText.isEmpty ? .incomplete : .invalidYear
        }
        switch yearText.count {
        case 2: year = 2000 + yearValue
        case 4: year = yearValue
        case 1, 3: throw .incomplete
        default: throw .invalidYear
        }
        self.month = month
    }

    /// An expiry from separate month and year values; validate with `problem(now:)`.
    public init(month: Int, year: Int) {
        self.month = month
        self.year = year
    }

    /// Why this expiry cannot be used at `now`, or nil when the card is still valid; a card
    /// expiring in the current month is valid.
    public func problem(now: Date) -> CardExpiryError? {
        guard (1...12).contains(month) else { return .invalidMonth }
        let current = Self.utcCalendar.dateComponents([.year, .month], from: now)
        let currentYear = current.year ?? year
        let currentMonth = current.month ?? month
        guard (1000...9999).contains(year), year <= currentYear + Self.maximumYearsAhead else {
            return .invalidYear
        }
        if year < currentYear { return .yearInPast }
        if year == currentYear && month < currentMonth { return .monthInPast }
        return nil
    }

    /// "MM/YYYY", as shown next to a saved card.
    public var description: String {
        (month < 10 ? "0\(month)" : "\(month)") + "/\(year)"
    }

    /// Issuers print expiries a few years out; a year beyond this is a typo (Stripe uses 50).
    static let maximumYearsAhead = 50

    private static let utcCalendar: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        return calendar
    }()

    private static func number(_ text: Substring) -> Int? {
        guard !text.isEmpty, text.allSatisfy({ $0.isASCII && $0.isNumber }) else { return nil }
        return Int(text)
    }
}
