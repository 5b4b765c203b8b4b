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
}
