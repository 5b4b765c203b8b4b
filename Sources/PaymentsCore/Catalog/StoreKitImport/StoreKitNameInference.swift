/// What a StoreKit file leaves implicit but a Kiosk catalog needs, read from product ids and
/// names: points per consumable ("coins.100" → 100), the length of a non-renewing pass
/// ("season.3months" → P3M) and a plan's name ("Pro Monthly", "Pro Yearly" → "Pro").
/// Every inference is reported as a note, since names can mislead.
enum StoreKitNameInference {
    /// Text to search, with how notes name where it came from ("the product id 'coins.100'").
    struct Source {
        var label: String
        var text: String
    }

    /// The last whole number (≥ 1) in the first source that has one. Thousands separators in
    /// names ("1,000 Gems") are read as part of the number.
    static func points(in sources: [Source]) -> (points: Int64, source: Source)? {
        for source in sources {
            let runs = numberRuns(source.text).compactMap { Int64($0) }.filter { $0 >= 1 }
            if let last = runs.last { return (last, source) }
        }
        return nil
    }

    /// A duration named in the first source that names one: a number and a unit ("3 months",
    /// "3months", "30-days"), or a unit alone ("monthly", "annual", "week pass") meaning one.
    static func duration(in sources: [Source]) -> (duration: ISODuration, source: Source)? {
        for source in sources {
            let tokens = words(source.text)
            for (index, token) in tokens.enumerated() {
                guard let unit = units[token] else { continue }
                let count = index > 0 ? Int(tokens[index - 1]) : nil
                if let duration = scaled(unit, by: count ?? 1) { return (duration, source) }
            }
        }
        return nil
    }

    /// The words all the names start with, without trailing period words: "Pro Monthly" and
    /// "Pro Yearly" → "Pro". Nil when nothing is left.
    static func planName(from names: [String]) -> String? {
        let split = names.map { $0.split(whereSeparator: { $0 == " " }).map(String.init) }
        guard var common = split.first else { return nil }
        for words in split.dropFirst() {
            common = Array(zip(common, words).prefix { $0.lowercased() == $1.lowercased() }.map(\.0))
        }
        while let last = common.last, units[last.lowercased()] != nil
                || ["plan", "subscription", "-", "–"].contains(last.lowercased()) {
            common.removeLast()
        }
        return common.isEmpty ? nil : common.joined(separator: " ")
    }

    /// ISO 8601 durations x n, nil when a component would not fit a catalog duration (nine digits).
    static func scaled(_ duration: ISODuration, by count: Int) -> ISODuration? {
        guard (1...999).contains(count) else { return nil }
        let scaled = ISODuration(years: duration.years * count, months: duration.months * count,
                                 weeks: duration.weeks * count, days: duration.days * count,
                                 hours: duration.hours * count, minutes: duration.minutes * count,
                                 seconds: duration.seconds * count)
        let largest = [scaled.years, scaled.months, scaled.weeks, scaled.days, scaled.hours, scaled.minutes,
                       scaled.seconds].max() ?? 0
        return largest <= 999_999_999 ? scaled : nil
    }

    private static let units: [String: ISODuration] = {
        var table: [String: ISODuration] = [:]
        let groups: [(String, ISODuration)] = [
            ("day days daily", ISODuration(days: 1)),
            ("week weeks weekly wk", ISODuration(weeks: 1)),
            ("month months monthly mo", ISODuration(months: 1)),
            ("quarter quarters quarterly", ISODuration(months: 3)),
            ("year years yearly annual annually yr", ISODuration(years: 1)),
        ]
        for (words, duration) in groups {
            for word in words.split(separator: " ") { table[String(word)] = duration }
        }
        return table
    }()

    /// Lower-case runs of letters and runs of digits: "season.3Months" → season, 3, months.
    private static func words(_ text: String) -> [String] {
        var result: [String] = []
        var current = ""
        var currentIsDigit = false
        for character in text.lowercased() {
            let isDigit = character.isASCII && character.isNumber
            let isLetter = character.isLetter
            if (isDigit || isLetter) && !current.isEmpty && isDigit == currentIsDigit {
                current.append(character)
            } else {
                if !current.isEmpty { result.append(current) }
                current = isDigit || isLetter ? String(character) : ""
                currentIsDigit = isDigit
            }
        }
        if !current.isEmpty { result.append(current) }
        return result
    }

    /// Runs of digits, reading "1,000" as one number: a comma between a digit and exactly
    /// three digits is a thousands separator.
    private static func numberRuns(_ text: String) -> [String] {
        let characters = Array(text)
        func isDigit(_ index: Int) -> Bool {
            characters.indices.contains(index) && characters[index].isASCII && characters[index].isNumber
        }
        var runs: [String] = []
        var current = ""
        for (index, character) in characters.enumerated() {
            if isDigit(index) {
                current.append(character)
                continue
            }
            let separator = character == "," && isDigit(index - 1) && (1...3).allSatisfy { isDigit(index + $0) }
                && !isDigit(index + 4)
            if separator { continue }
            if !current.isEmpty { runs.append(current) }
            current = ""
        }
        if !current.isEmpty { runs.append(current) }
        return runs
    }
}
