import Testing
@testable import PaymentsCore

@Suite struct ISODurationParsingTests {
    @Test(arguments: [
        ("P1M", ISODuration(months: 1)),
        ("P1Y", ISODuration(years: 1)),
        ("P1W", ISODuration(weeks: 1)),
        ("PT24H", ISODuration(hours: 24)),
        ("P1DT12H", ISODuration(days: 1, hours: 12)),
        ("P3M", ISODuration(months: 3)),
        ("PT5M", ISODuration(minutes: 5)),
        ("P1Y2M3DT4H5M6S", ISODuration(years: 1, months: 2, days: 3, hours: 4, minutes: 5, seconds: 6)),
    ])
    func parsesValidDurations(text: String, expected: ISODuration) {
        #expect(ISODuration(text) == expected)
        #expect(ISODuration(text)?.description == text)
    }

    @Test(arguments: ["P", "PT", "P1.5M", "P-1M", "P1W2D", "1M", "PT1D", "", "P0D", "P1M1Y", "P1DT", "PT1H1H",
                      "p1m", "P1", "P 1M", "P1234567890Y"])
    func rejectsInvalidDurations(text: String) {
        #expect(ISODuration(text) == nil)
    }

    @Test func wholeMonthsOnlyForYearAndMonthDurations() {
        #expect(ISODuration(years: 1).wholeMonths == 12)
        #expect(ISODuration(months: 3).wholeMonths == 3)
        #expect(ISODuration(weeks: 1).wholeMonths == nil)
        #expect(ISODuration(months: 1, days: 1).wholeMonths == nil)
    }
}
