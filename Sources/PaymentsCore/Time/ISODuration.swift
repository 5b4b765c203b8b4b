import Foundation

/// An ISO 8601 duration such as `P1M`, `P1Y`, `P1W` or `PT24H`, kept as calendar components.
///
/// Calendar components, not seconds, because "one month" after January 31 is February 28 (or 29):
/// renewals are computed as `anchor + n × period` in UTC, so a subscription bought on the 31st
/// renews on the last day of short months and returns to the 31st afterwards, as Stripe and the
/// App Store do, instead of drifting to the 28th forever.
public struct ISODuration: Hashable, Sendable, Codable, CustomStringConvertible {
    public var years = 0
    public var months = 0
    public var weeks = 0
    public var days = 0
    public var hours = 0
    public var minutes = 0
    public var seconds = 0

    public init(years: Int = 0, months: Int = 0, weeks: Int = 0, days: Int = 0,
                hours: Int = 0, minutes: Int = 0, seconds: Int = 0) {
        self.years = years
        self.months = months
        self.weeks = weeks
        self.days = days
        self.hours = hours
        self.minutes = minutes
        self.seconds = seconds
    }

    /// Parses the ISO 8601 duration subset catalogs use: non-negative integers only, at least one
    /// component, weeks on their own (as ISO 8601 requires). Returns nil for anything else.
    public init?(_ text: String) {
        var chars = Substring(text)
        guard chars.first == "P" else { return nil }
        chars = chars.dropFirst()
        var inTime = false
        var sawComponent = false
        var sawWeeks = false
        var lastRank = -1
        while !chars.isEmpty {
            if chars.first == "T" {
                guard !inTime else { return nil }
                inTime = true
                chars = chars.dropFirst()
                guard !chars.isEmpty else { return nil }
                continue
            }
            let digits = chars.prefix(while: { $0.isASCII && $0.isNumber })
            guard !digits.isEmpty, digits.count <= 9, let value = Int(digits) else { return nil }
            chars = chars.dropFirst(digits.count)
            guard let designator = chars.first else { return nil }
            chars = chars.dropFirst()
            let rank: Int
            switch (inTime, designator) {
            case (false, "Y"): rank = 0; years = value
            case (false, "M"): rank = 1; months = value
            case (false, "W"): rank = 2; weeks = value; sawWeeks = true
            case (false, "D"): rank = 3; days = value
            case (true, "H"): rank = 4; hours = value
            case (true, "M"): rank = 5; minutes = value
            case (true, "S"): rank = 6; seconds = value
            default: return nil
            }
            guard rank > lastRank else { return nil }
            lastRank = rank
            sawComponent = true
        }
        guard sawComponent else { return nil }
        if sawWeeks && (years + months + days + hours + minutes + seconds) > 0 { return nil }
        if self.isZero { return nil }
    }

    public var isZero: Bool {
        years == 0 && months == 0 && weeks == 0 && days == 0 && hours == 0 && minutes == 0 && seconds == 0
    }

    public var description: String {
        var text = "P"
        if years > 0 { text += "\(years)Y" }
        if months > 0 { text += "\(months)M" }
        if weeks > 0 { text += "\(weeks)W" }
        if days > 0 { text += "\(days)D" }
        if hours + minutes + seconds > 0 {
            text += "T"
            if hours > 0 { text += "\(hours)H" }
            if minutes > 0 { text += "\(minutes)M" }
            if seconds > 0 { text += "\(seconds)S" }
        }
        return text
    }

    /// The date `times` whole durations after `date`, in UTC. Computed in one step from the
    /// anchor (not by repeated addition) so month-end clamping does not accumulate.
    ///
    /// Checked: a product that overflows, or a result outside the years 1 to 9999 (past which the
    /// calendar and the millisecond columns stop being exact), is an error, never a trap.
    public func advance(_ date: Date, times: Int = 1) throws(DateArithmeticError) -> Date {
        guard let span = approximateSecondsIfRepresentable,
              case let (total, overflow) = span.multipliedReportingOverflow(by: Int64(times)), !overflow,
              total.magnitude <= DateArithmeticError.longestSpanSeconds else {
            throw .outOfRange("\(self) × \(times) after \(ISO8601DateFormatter().string(from: date))")
        }
        var components = DateComponents()
        components.year = years * times
        components.month = months * times
        components.day = (weeks * 7 + days) * times
        components.hour = hours * times
        components.minute = minutes * times
        components.second = seconds * times
        guard let result = ISODuration.utc.date(byAdding: components, to: date),
              DateArithmeticError.supportedSeconds.contains(result.timeIntervalSince1970) else {
            throw .outOfRange("\(self) × \(times) after \(ISO8601DateFormatter().string(from: date))")
        }
        return result
    }

    /// The longest duration a file may give Kiosk (a catalog period, a scenario's `advance`):
    /// a century, far beyond any billing period yet far inside what dates can count.
    public static let longestAccepted = ISODuration(years: 100)

    /// Whether this duration is no longer than `longestAccepted` (compared by approximate length).
    public var isWithinAcceptedLength: Bool {
        guard let seconds = approximateSecondsIfRepresentable else { return false }
        return seconds <= ISODuration.longestAccepted.approximateSeconds
    }

    /// Whole months in this duration when it is made only of years and months (used for the
    /// "per month" equivalent of a yearly price); nil for weeks, days or time parts.
    public var wholeMonths: Int? {
        guard weeks == 0, days == 0, hours == 0, minutes == 0, seconds == 0 else { return nil }
        return years * 12 + months
    }

    /// A rough length in seconds for ordering durations (a month counts as 30 days); never used
    /// for billing arithmetic, which goes through `advance`. Saturates at `Int64.max` for a
    /// duration built in code too long to count (files are bounded by `isWithinAcceptedLength`).
    public var approximateSeconds: Int64 {
        approximateSecondsIfRepresentable ?? .max
    }

    /// The rough length in seconds, or nil when it does not fit in an `Int64`.
    var approximateSecondsIfRepresentable: Int64? {
        let parts: [(Int, Int64)] = [(years, 365 * 86_400), (months, 30 * 86_400), (weeks, 7 * 86_400),
                                     (days, 86_400), (hours, 3_600), (minutes, 60), (seconds, 1)]
        var total: Int64 = 0
        for (count, unit) in parts {
            let (product, productOverflow) = Int64(count).multipliedReportingOverflow(by: unit)
            let (sum, sumOverflow) = total.addingReportingOverflow(product)
            guard !productOverflow, !sumOverflow else { return nil }
            total = sum
        }
        return total
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let duration = ISODuration(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "'\(text)' is not an ISO 8601 duration such as P1M or PT24H")
        }
        self = duration
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(description)
    }

    static let utc: Calendar = {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? calendar.timeZone
        return calendar
    }()
}

extension ISODuration {
    /// `count` of this duration back to back (`P1M` three times is `P3M`); nil when a component
    /// would overflow.
    public func repeated(_ count: Int) -> ISODuration? {
        func times(_ value: Int) -> Int? {
            let (product, overflow) = value.multipliedReportingOverflow(by: count)
            return overflow ? nil : product
        }
        guard count >= 0, let years = times(years), let months = times(months), let weeks = times(weeks),
              let days = times(days), let hours = times(hours), let minutes = times(minutes),
              let seconds = times(seconds) else { return nil }
        return ISODuration(years: years, months: months, weeks: weeks, days: days, hours: hours, minutes: minutes,
                           seconds: seconds)
    }
}
