import Foundation

extension Date {
    /// Builds a date from the integer milliseconds since 1970 that App Store payloads carry.
    init(millisecondsSince1970 milliseconds: Int64) {
        self.init(timeIntervalSince1970: Double(milliseconds) / 1000)
    }

    /// Whole milliseconds since 1970, or nil for dates too far out to count in an `Int64`.
    public var millisecondsSince1970: Int64? {
        Int64(exactly: (timeIntervalSince1970 * 1000).rounded())
    }

    /// The same instant at the millisecond precision a signed payload can carry, so that encoding and
    /// decoding it again yields an equal `Date`.
    var roundedToMilliseconds: Date {
        guard let milliseconds = millisecondsSince1970 else { return self }
        return Date(millisecondsSince1970: milliseconds)
    }

    /// Milliseconds since 1970, the unit every time column uses. Checked: an instant too far out
    /// to count in an `Int64` (only reachable through a bad input) is an error, not a trap.
    public var milliseconds: Int64 {
        get throws(DateArithmeticError) {
            guard let value = Int64(exactly: (timeIntervalSince1970 * 1000).rounded(.down)) else {
                throw .outOfRange("\(timeIntervalSince1970) seconds since 1970")
            }
            return value
        }
    }

    public init(milliseconds: Int64) { self.init(timeIntervalSince1970: TimeInterval(milliseconds) / 1000) }

    /// Whole seconds: calendar arithmetic and storage then round-trip exactly.
    public var wholeSeconds: Date { Date(timeIntervalSince1970: timeIntervalSince1970.rounded(.down)) }
}
