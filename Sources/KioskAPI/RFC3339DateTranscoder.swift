import Foundation
import OpenAPIRuntime

/// The contract's `date-time`: whatever RFC 3339 allows is read (fractions of a second of any
/// length, lower-case `t` and `z`, numeric offsets); dates are written as before, whole seconds in
/// UTC (`2030-01-01T00:00:00Z`), which every reader accepts.
public struct RFC3339DateTranscoder: DateTranscoder {
    public init() {}

    public func encode(_ date: Date) throws -> String {
        date.formatted(.iso8601)
    }

    public func decode(_ text: String) throws -> Date {
        guard let date = Self.date(from: text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: [],
                debugDescription: "not an RFC 3339 date-time (such as 2030-01-01T00:00:00Z)"))
        }
        return date
    }

    /// The instant an RFC 3339 `date-time` names, or nil for text that is not one.
    public static func date(from text: String) -> Date? {
        let shape = #/([0-9]{4})-([0-9]{2})-([0-9]{2})[Tt]([0-9]{2}):([0-9]{2}):([0-9]{2})(\.[0-9]+)?([Zz]|[+-][0-9]{2}:[0-9]{2})/#
        guard let match = try? shape.wholeMatch(in: text) else { return nil }
        let output = match.output
        guard let year = Int(output.1), let month = Int(output.2), let day = Int(output.3), let hour = Int(output.4),
              let minute = Int(output.5), let second = Int(output.6),
              (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second)
        else { return nil }
        var offset = 0
        let zone = output.8
        if zone != "Z", zone != "z" {
            guard let hours = Int(zone.dropFirst().prefix(2)), let minutes = Int(zone.suffix(2)),
                  hours <= 23, minutes <= 59 else { return nil }
            offset = (hours * 3600 + minutes * 60) * (zone.hasPrefix("-") ? -1 : 1)
        }
        var calendar = Calendar(identifier: .gregorian)
        guard let utc = TimeZone(secondsFromGMT: 0) else { return nil }
        calendar.timeZone = utc
        let components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute,
                                        second: min(second, 59))
        guard let start = calendar.date(from: components),
              calendar.component(.day, from: start) == day else { return nil }
        let fraction = output.7.flatMap { Double("0" + $0) } ?? 0
        return start.addingTimeInterval(fraction - Double(offset))
    }
}
