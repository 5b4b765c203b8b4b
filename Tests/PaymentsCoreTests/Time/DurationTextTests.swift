import Testing
@testable import PaymentsCore

/// Issue 41, item 10: the one reader of typed durations takes ISO 8601 and the friendly way, and
/// says what is wrong with anything else.
@Suite struct DurationTextTests {
    @Test(arguments: [
        ("1 month", ISODuration(months: 1)), ("2 weeks", ISODuration(weeks: 2)), ("36h", ISODuration(hours: 36)),
        ("1d", ISODuration(days: 1)), ("1 Day", ISODuration(days: 1)), ("  1y ", ISODuration(years: 1)),
        ("1d 12h", ISODuration(days: 1, hours: 12)), ("1 month, 2 days and 3 hours", ISODuration(months: 1, days: 2, hours: 3)),
        ("90 min", ISODuration(minutes: 90)), ("30s", ISODuration(seconds: 30)), ("2mo", ISODuration(months: 2)),
        ("P1M", ISODuration(months: 1)), ("pt12h", ISODuration(hours: 12)), ("P1Y2M3D", ISODuration(years: 1, months: 2, days: 3)),
        ("100 years", ISODuration(years: 100)), ("1d 1d", ISODuration(days: 2)),
    ])
    func readsIsoAndFriendlyDurations(text: String, expected: ISODuration) {
        #expect(DurationText.parse(text) == .success(expected))
    }

    @Test(arguments: [
        ("", DurationTextError.empty), ("   ", .empty), (",", .empty),
        ("P1Q", .notISO("P1Q")), ("P", .notISO("P")), ("P0D", .notISO("P0D")),
        ("month", .expectedNumber("month")), ("1d x", .expectedNumber("x")), ("-1d", .expectedNumber("-1d")),
        ("36", .expectedUnit(after: "36")), ("1.5h", .expectedUnit(after: "1")),
        ("3 fortnights", .unknownUnit("fortnights")), ("5m", .ambiguousM("5")),
        ("0d", .zero), ("0h 0min", .zero),
        ("101 years", .tooLong("101 years")), ("1234567890d", .tooLong("1234567890d")), ("P101Y", .tooLong("P101Y")),
    ])
    func saysWhatIsWrong(text: String, expected: DurationTextError) {
        #expect(DurationText.parse(text) == .failure(expected))
    }

    @Test func everyMistakeShowsTheFormatToUse() {
        #expect(DurationTextError.empty.description == "Type a duration first, such as 1 month, 2 weeks, 36h, 1d or P1M.")
        #expect(DurationTextError.ambiguousM("5").description == "\"5m\" could be minutes or months: type 5min or 5mo.")
        #expect(DurationTextError.expectedUnit(after: "36").description.contains("36h"))
    }
}
