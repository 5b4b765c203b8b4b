import Foundation

/// Dates as screens show them, always in UTC so every run of a session reads the same.
public enum DateWording {
    /// "Jan 8, 2026".
    public static func day(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_US"), timeZone: .gmt))
    }

    /// "Jan 8, 2026 at 3:00 PM", for times within a day (test clocks, refresh intervals).
    public static func minute(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: .shortened, locale: Locale(identifier: "en_US"), timeZone: .gmt))
    }

    /// "2026-01-08", for exports.
    public static func isoDay(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
    }
}
