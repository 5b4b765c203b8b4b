import Foundation

/// Dates as every screen, message, page and command shows them: one module, one locale, always
/// in UTC, so every run of a session reads the same on every machine.
public enum DateWording {
    /// "Jan 8, 2026".
    public static func day(_ date: Date) -> String {
        date.formatted(Date.FormatStyle(date: .abbreviated, time: .omitted, locale: Locale(identifier: "en_US"), timeZone: .gmt))
    }

    /// "Jan 8, 2026 at 15:00 UTC", for times within a day (test clocks, refresh intervals). Built
    /// from calendar parts rather than a time style, whose spacing differs between ICU versions.
    public static func minute(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = .gmt
        let parts = calendar.dateComponents([.hour, .minute], from: date)
        let time = String(format: "%02d:%02d", parts.hour ?? 0, parts.minute ?? 0)
        return "\(day(date)) at \(time) UTC"
    }

    /// "2026-01-08", for exports.
    public static func isoDay(_ date: Date) -> String {
        date.formatted(Date.ISO8601FormatStyle(timeZone: .gmt).year().month().day())
    }
}
