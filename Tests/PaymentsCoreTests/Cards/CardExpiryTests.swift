import Foundation
import Testing
import PaymentsCore

struct CardExpiryTests {
    @Test(arguments: [
        ("12/30", 12, 2030), ("12 / 30", 12, 2030), ("1/30", 1, 2030), ("01/30", 1, 2030),
        ("1230", 12, 2030), ("12/2030", 12, 2030), ("122030", 12, 2030), (" 07/99 ", 7, 2099),
        ("09/00", 9, 2000),
    ])
    func parsesMonthAndYear(text: String, month: Int, year: Int) throws {
        let expiry = try CardExpiry(parsing: text)
        #expect(expiry.month == month)
        #expect(expiry.year == year)
    }

    @Test(arguments: [
        ("", CardExpiryError.incomplete), ("1", .incomplete), ("12", .incomplete), ("123", .incomplete),
        ("12/", .incomplete), ("12/3", .incomplete), ("12/203", .incomplete), ("/30", .incomplete),
        ("13/30", .invalidMonth), ("00/30", .invalidMonth), ("ab/30", .invalidMonth), ("123/30", .invalidMonth),
        ("1a30", .invalidMonth), ("12/ab", .invalidYear), ("12/20301", .invalidYear),
    ])
    func reportsWhyTextIsNotAnExpiry(text: String, expected: CardExpiryError) {
        #expect(throws: expected) { try CardExpiry(parsing: text) }
    }

    @Test func cardExpiringThisMonthIsValidUntilTheMonthEnds() throws {
        let expiry = CardExpiry(month: 11, year: 2026)
        #expect(expiry.problem(now: try CardsTestSupport.utcDate(2026, 11, 1, hour: 0)) == nil)
        #expect(expiry.problem(now: try CardsTestSupport.utcDate(2026, 11, 30, hour: 23, minute: 59)) == nil)
        #expect(expiry.problem(now: try CardsTestSupport.utcDate(2026, 12, 1, hour: 0)) == .monthInPast)
    }

    @Test func lastMonthIsExpired() throws {
        #expect(CardExpiry(month: 10, year: 2026).problem(now: try CardsTestSupport.today()) == .monthInPast)
    }

    @Test func lastYearIsExpired() throws {
        #expect(CardExpiry(month: 12, year: 2025).problem(now: try CardsTestSupport.today()) == .yearInPast)
    }

    @Test func decemberCardExpiresAtTheYearRollover() throws {
        let december = CardExpiry(month: 12, year: 2026)
        #expect(december.problem(now: try CardsTestSupport.utcDate(2026, 12, 31, hour: 23, minute: 59)) == nil)
        #expect(december.problem(now: try CardsTestSupport.utcDate(2027, 1, 1, hour: 0)) == .yearInPast)
    }

    @Test func januaryCardIsValidAllOfJanuary() throws {
        let january = CardExpiry(month: 1, year: 2027)
        #expect(january.problem(now: try CardsTestSupport.utcDate(2026, 12, 31)) == nil)
        #expect(january.problem(now: try CardsTestSupport.utcDate(2027, 1, 31, hour: 23)) == nil)
        #expect(january.problem(now: try CardsTestSupport.utcDate(2027, 2, 1, hour: 0)) == .monthInPast)
    }

    @Test func judgesTheMonthInUTC() throws {
        // 30 Nov 23:30 UTC is already December in UTC+1, but expiry is judged in UTC.
        let now = try CardsTestSupport.utcDate(2026, 11, 30, hour: 23, minute: 30)
        #expect(CardExpiry(month: 11, year: 2026).problem(now: now) == nil)
    }

    @Test(arguments: [(13, 2030), (0, 2030), (-1, 2030)])
    func rejectsMonthsOutsideTheYear(month: Int, year: Int) throws {
        #expect(CardExpiry(month: month, year: year).problem(now: try CardsTestSupport.today()) == .invalidMonth)
    }

    @Test(arguments: [30, 999, 2077, 10_000])
    func rejectsImplausibleYears(year: Int) throws {
        #expect(CardExpiry(month: 1, year: year).problem(now: try CardsTestSupport.today()) == .invalidYear)
    }

    @Test func acceptsYearsUpToFiftyAhead() throws {
        #expect(CardExpiry(month: 1, year: 2076).problem(now: try CardsTestSupport.today()) == nil)
    }

    @Test func showsTwoDigitMonth() {
        #expect(CardExpiry(month: 3, year: 2030).description == "03/2030")
    }
}
