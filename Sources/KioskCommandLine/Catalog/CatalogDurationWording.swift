import PaymentsCore

/// ISO 8601 durations in words for the catalog overview: "month", "3 months", "1 day 12 hours".
enum CatalogDurationWording {
    /// The unit after a price's slash: "month" for P1M, "3 months" for P3M.
    static func per(_ duration: ISODuration) -> String {
        let words = length(duration)
        return words.hasPrefix("1 ") ? String(words.dropFirst(2)) : words
    }

    static func length(_ duration: ISODuration) -> String {
        let parts = [(duration.years, "year"), (duration.months, "month"), (duration.weeks, "week"),
                     (duration.days, "day"), (duration.hours, "hour"), (duration.minutes, "minute"),
                     (duration.seconds, "second")]
            .filter { $0.0 > 0 }
            .map { "\($0.0) \($0.1)\($0.0 == 1 ? "" : "s")" }
        return parts.isEmpty ? duration.description : parts.joined(separator: " ")
    }
}
