import Foundation
import Testing
@testable import PaymentsCore

/// Fixtures shared by the card tests.
enum CardsTestSupport {
    /// A UTC instant, for expiry checks that must not depend on the machine's time zone.
    static func utcDate(_ year: Int, _ month: Int, _ day: Int, hour: Int = 12, minute: Int = 0) throws -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute)
        return try #require(calendar.date(from: components))
    }

    /// 21 November 2026, the "today" of most card tests.
    static func today() throws -> Date { try utcDate(2026, 11, 21) }

    static func details(_ number: String, cvc: String? = nil, month: Int = 12, year: Int = 2030) -> CardDetails {
        let brand = CardBrand.detect(fromPartialNumber: number)
        return CardDetails(number: number, expiryMonth: month, expiryYear: year,
                           cvc: cvc ?? String(repeating: "4", count: brand.cvcLength))
    }
}
