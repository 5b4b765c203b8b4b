import PaymentsCore

/// The rules write `?` for each argument, as SQLite reads it; PostgreSQL numbers them (`$1`, `$2`,
/// …). A `?` inside a string literal, a quoted identifier or a comment is text, not a placeholder.
enum PostgresPlaceholders {
    static func numbered(_ sql: String, count: Int) throws -> String {
        var result = ""
        result.reserveCapacity(sql.utf8.count + count * 2)
        var number = 0
        var quote: Character?
        var inLineComment = false
        var previous: Character?
        for character in sql {
            defer { previous = character }
            if inLineComment {
                if character == "\n" { inLineComment = false }
            } else if let open = quote {
                if character == open { quote = nil }
            } else if character == "'" || character == "\"" {
                quote = character
            } else if character == "-", previous == "-" {
                inLineComment = true
            } else if character == "?" {
                number += 1
                result += "$\(number)"
                continue
            }
            result.append(character)
        }
        guard number == count else {
            throw PaymentsError.storage("the statement has \(number) placeholders but \(count) arguments: \(sql)")
        }
        return result
    }
}
