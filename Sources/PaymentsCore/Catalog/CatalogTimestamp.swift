import Foundation

/// Strict ISO 8601 timestamps for offer-code expiry: `2030-12-31T23:59:59Z` or with an offset
/// (`+02:00`), whole seconds.
///
/// Strict because a lenient parser would turn `2030-02-30` into March 2 and move an expiry
/// without anyone noticing; every field is range-checked against the calendar instead.
enum CatalogTimestamp {
    static func parse(_ text: String) -> Date? {
        let chars = Array(text.unicodeScalars)
        guard chars.count >= 20, chars[4] == "-", chars[7] == "-", chars[10] == "T" || chars[10] == "t",
              chars[13] == ":", chars[16] == ":",
              let year = number(chars, 0, 4), let month = number(chars, 5, 2), let day = number(chars, 8, 2),
              let hour = number(chars, 11, 2), let minute = number(chars, 14, 2),
              let second = number(chars, 17, 2),
              let offset = offsetSeconds(Array(chars[19...])) else { return nil }
        guard (1...12).contains(month), (0...23).contains(hour), (0...59).contains(minute),
              (0...59).contains(second), year >= 1 else { return nil }
        var components = DateComponents(year: year, month: month, day: day, hour: hour, minute: minute,
                                        second: second)
        components.timeZone = TimeZone(secondsFromGMT: 0)
        let calendar = ISODuration.utc
        guard let date = calendar.date(from: components),
              calendar.component(.day, from: date) == day else { return nil }
        return date.addingTimeInterval(TimeInterval(-offset))
    }

    /// `Z` → 0, `+02:00` → 7200; nil for anything else.
    private static func offsetSeconds(_ chars: [Unicode.Scalar]) -> Int? {
        if chars == ["Z"] || chars == ["z"] { return 0 }
        guard chars.count == 6, chars[0] == "+" || chars[0] == "-", chars[3] == ":",
              let hours = number(chars, 1, 2), let minutes = number(chars, 4, 2),
              hours <= 23, minutes <= 59 else { return nil }
        let seconds = hours * 3600 + minutes * 60
        return chars[0] == "-" ? -seconds : seconds
    }

    private static func number(_ chars: [Unicode.Scalar], _ start: Int, _ length: Int) -> Int? {
        guard start + length <= chars.count else { return nil }
        var value = 0
        for char in chars[start..<(start + length)] {
            guard ("0"..."9").contains(char) else { return nil }
            value = value * 10 + Int(char.value - 48)
        }
        return value
    }
}
