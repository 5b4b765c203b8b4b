import Foundation
import Testing
@testable import PaymentsCore

/// Issue 17, defect 2: the engine's date helpers report overflow as an error instead of trapping.
@Suite struct CheckedDateArithmeticTests {
    private let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    @Test func aNineDigitYearPeriodIsAnErrorNotATrap() {
        #expect(throws: DateArithmeticError.self) { try ISODuration(years: 999_999_999).advance(start) }
        #expect(throws: DateArithmeticError.self) { try ISODuration(days: 4_000_000_000_000_341).advance(start) }
        #expect(throws: DateArithmeticError.self) { try ISODuration(days: Int.max).advance(start) }
    }

    @Test func aCountThatOverflowsIsAnError() {
        #expect(throws: DateArithmeticError.self) { try ISODuration(years: 100).advance(start, times: Int.max) }
        #expect(throws: DateArithmeticError.self) { try ISODuration(months: 1).advance(start, times: 100_000) }
    }

    @Test func aResultPastTheYear9999IsAnError() {
        #expect(throws: DateArithmeticError.self) { try ISODuration(years: 8_000).advance(start) }
    }

    @Test func ordinaryPeriodsStillAdvanceExactly() throws {
        let end = try ISODuration(months: 1).advance(Date(timeIntervalSince1970: 1_769_817_600), times: 1)  // Jan 31
        #expect(end == Date(timeIntervalSince1970: 1_772_236_800))  // 2026-02-28
        #expect(try ISODuration(years: 100).advance(start) > start)
    }

    @Test func theMillisecondConversionIsChecked() throws {
        #expect(throws: DateArithmeticError.self) { try Date(timeIntervalSince1970: 1e300).milliseconds }
        #expect(throws: DateArithmeticError.self) { try Date(timeIntervalSince1970: .nan).milliseconds }
        #expect(try start.milliseconds == 1_767_225_600_000)
    }

    @Test func approximateLengthSaturatesInsteadOfTrapping() {
        #expect(ISODuration(days: Int.max).approximateSeconds == .max)
        #expect(!ISODuration(days: Int.max).isWithinAcceptedLength)
        #expect(ISODuration(years: 100).isWithinAcceptedLength)
        #expect(!ISODuration(years: 101).isWithinAcceptedLength)
    }
}
