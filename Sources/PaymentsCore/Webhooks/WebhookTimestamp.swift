import Foundation

/// Unix-seconds handling shared by signing and verification, strict so that the header bytes that
/// were signed have exactly one reading.
enum WebhookTimestamp {
    /// Clamp bound for `now`: far beyond any real clock, small enough that adding a tolerance
    /// cannot overflow.
    private static let latestSecond: Int64 = 4_000_000_000_000_000_000

    /// Accepts ASCII digits only (no sign, spaces or fraction); nil if empty or beyond Int64.
    static func parse(_ text: String) -> Int64? {
        var value: Int64 = 0
        var digitCount = 0
        for byte in text.utf8 {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            let (shifted, shiftOverflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, addOverflow) = shifted.addingReportingOverflow(Int64(byte - UInt8(ascii: "0")))
            guard !shiftOverflow, !addOverflow else { return nil }
            value = sum
            digitCount += 1
        }
        return digitCount > 0 ? value : nil
    }

    /// Whole seconds of `date`, rounded down like the reference libraries and clamped to a range
    /// where tolerance arithmetic cannot overflow.
    static func seconds(of date: Date) -> Int64 {
        let raw = date.timeIntervalSince1970.rounded(.down)
        guard raw > 0 else { return 0 }
        guard raw < Double(latestSecond) else { return latestSecond }
        return Int64(raw)
    }
}
