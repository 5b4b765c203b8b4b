import Foundation

/// A duration as a person types it: ISO 8601 (`P1M`, `PT36H`) or the friendly way (`1 month`,
/// `2 weeks`, `36h`, `1d`, `1d 12h`). The one reader of typed durations, so the QA panel and
/// scenarios accept the same text and say the same thing about a mistake.
public enum DurationText {
    /// Shown beside a duration field before anything is typed, so the format is known up front.
    public static let examples = "1 month, 2 weeks, 36h, 1d or P1M"

    public static func parse(_ typed: String) -> Result<ISODuration, DurationTextError> {
        let text = typed.trimmingCharacters(in: .whitespaces)
        guard !text.isEmpty else { return .failure(.empty) }
        if text.first == "P" || text.first == "p" {
            guard let duration = ISODuration(text.uppercased()) else { return .failure(.notISO(text)) }
            return checked(duration, text)
        }
        var rest = Substring(text.lowercased())
        var total = ISODuration()
        var sawPart = false
        while true {
            rest = rest.drop { $0 == " " || $0 == "," }
            if rest.hasPrefix("and ") { rest = rest.dropFirst(4); continue }
            guard !rest.isEmpty else { break }
            let digits = rest.prefix { $0.isASCII && $0.isNumber }
            guard !digits.isEmpty else { return .failure(.expectedNumber(String(rest.prefix { $0 != " " }))) }
            guard digits.count <= 9, let count = Int(digits) else { return .failure(.tooLong(text)) }
            rest = rest.dropFirst(digits.count).drop { $0 == " " }
            let word = rest.prefix { $0.isLetter }
            guard !word.isEmpty else { return .failure(.expectedUnit(after: String(digits))) }
            rest = rest.dropFirst(word.count)
            guard let unit = unit(String(word), count: String(digits)) else {
                return .failure(word == "m" ? .ambiguousM(String(digits)) : .unknownUnit(String(word)))
            }
            guard let sum = add(count, unit, to: total) else { return .failure(.tooLong(text)) }
            total = sum
            sawPart = true
        }
        guard sawPart else { return .failure(.empty) }
        return checked(total, text)
    }

    private static func checked(_ duration: ISODuration, _ text: String) -> Result<ISODuration, DurationTextError> {
        if duration.isZero { return .failure(.zero) }
        guard duration.isWithinAcceptedLength else { return .failure(.tooLong(text)) }
        return .success(duration)
    }

    private static func unit(_ word: String, count: String) -> WritableKeyPath<ISODuration, Int>? {
        switch word {
        case "y", "yr", "yrs", "year", "years": \.years
        case "mo", "mon", "mos", "month", "months": \.months
        case "w", "wk", "wks", "week", "weeks": \.weeks
        case "d", "day", "days": \.days
        case "h", "hr", "hrs", "hour", "hours": \.hours
        case "min", "mins", "minute", "minutes": \.minutes
        case "s", "sec", "secs", "second", "seconds": \.seconds
        default: nil
        }
    }

    private static func add(_ count: Int, _ unit: WritableKeyPath<ISODuration, Int>, to duration: ISODuration) -> ISODuration? {
        var duration = duration
        let (sum, overflow) = duration[keyPath: unit].addingReportingOverflow(count)
        guard !overflow else { return nil }
        duration[keyPath: unit] = sum
        return duration
    }
}

/// What is wrong with a typed duration, worded with the format to use instead.
public enum DurationTextError: Error, Hashable, Sendable, CustomStringConvertible {
    case empty
    case notISO(String)
    case expectedNumber(String)
    case expectedUnit(after: String)
    case unknownUnit(String)
    case ambiguousM(String)
    case zero
    case tooLong(String)

    public var description: String {
        switch self {
        case .empty:
            "Type a duration first, such as \(DurationText.examples)."
        case let .notISO(text):
            "\"\(text)\" is not an ISO 8601 duration (P1D, PT12H, P1M, P1Y2M3D). Or type 1 month, 2 weeks, 36h or 1d."
        case let .expectedNumber(word):
            "\"\(word)\" needs a number in front, as in 2 weeks or 36h."
        case let .expectedUnit(number):
            "\"\(number)\" needs a unit: \(number)d, \(number)h, \(number) weeks, \(number) months."
        case let .unknownUnit(word):
            "\"\(word)\" is not a unit. Use years, months (mo), weeks (w), days (d), hours (h), minutes (min) or seconds (s)."
        case let .ambiguousM(number):
            "\"\(number)m\" could be minutes or months: type \(number)min or \(number)mo."
        case .zero:
            "A duration of zero does not move the clock."
        case let .tooLong(text):
            "\"\(text)\" is longer than \(ISODuration.longestAccepted) (100 years). Type a shorter step."
        }
    }
}
