import Foundation

/// Why a date computation was refused instead of trapping or producing a wrong instant: a period
/// times a count that overflows, or an instant too far out for the calendar and the integer
/// millisecond columns to hold exactly.
public enum DateArithmeticError: Error, Hashable, Sendable, CustomStringConvertible {
    case outOfRange(String)

    public var description: String {
        switch self {
        case let .outOfRange(what): "date out of range: \(what) is not between the years 1 and 9999"
        }
    }

    /// Seconds since 1970 of the instants Kiosk computes with: 0001-01-01 to 9999-12-31 UTC.
    public static let supportedSeconds: ClosedRange<TimeInterval> = -62_135_596_800 ... 253_402_300_799

    /// The longest span, in seconds, that can separate two supported instants (just under 10,000
    /// years): a step longer than this is out of range whatever it starts from.
    static let longestSpanSeconds: UInt64 = 315_538_070_400
}

