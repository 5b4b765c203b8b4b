/// Scrubs card numbers and security codes from text before it is logged.
///
/// Deliberately errs towards redacting: any run of 13 or more digits, whether or not it passes
/// Luhn, and whether its groups are split by single spaces or dashes, is treated as a card
/// number, because a mistyped number is still sensitive. Shorter numbers (amounts, dates, years,
/// a last four) are left alone. The price is that a 13+ digit value such as a millisecond
/// timestamp is also masked.
public enum SensitiveDataRedactor {
    /// `text` with card numbers shown as "•••• 4242" and security code values as "•••".
    public static func redact(_ text: String) -> String {
        redactSecurityCodes(in: redactCardNumbers(in: text))
    }

    static let minimumCardDigits = 13

    private static func redactCardNumbers(in text: String) -> String {
        var output = ""
        var index = text.startIndex
        while index < text.endIndex {
            guard isDigit(text[index]) else {
                output.append(text[index])
                index = text.index(after: index)
                continue
            }
            let (digits, end) = digitRun(in: text, from: index)
            if digits.count >= minimumCardDigits {
                output += "•••• " + digits.suffix(4)
            } else {
                output += text[index..<end]
            }
            index = end
        }
        return output
    }

    /// The digits of the run starting at `start`, where single spaces or dashes may separate
    /// digit groups, and the index just after its last digit.
    private static func digitRun(in text: String, from start: String.Index) -> (String, String.Index) {
        var digits = ""
        var cursor = start
        var end = start
        while cursor < text.endIndex {
            let character = text[cursor]
            let next = text.index(after: cursor)
            if isDigit(character) {
                digits.append(character)
                cursor = next
                end = next
            } else if (character == " " || character == "-"), next < text.endIndex, isDigit(text[next]) {
                cursor = next
            } else {
                break
            }
        }
        return (digits, end)
    }

    private static func isDigit(_ character: Character) -> Bool {
        character.isASCII && character.isNumber
    }

    /// Matches `cvc=123`, `cvv: 123`, `"cvc": "123"`, `"cvc":123`, `card[cvc]=123`,
    /// `card_cvc=123`, `securityCode=123`; the key is case-insensitive, and `cvc_check` (Stripe's
    /// check result, not a code) is not a key it matches.
    private static func redactSecurityCodes(in text: String) -> String {
        let pattern = #/(?i)(?<key>(?<quote>["']?)\b(?:card[\[_.]?)?(?:cvc2?|cvv2?|csc|security[_\-]?code)\]?\k<quote>\s*[:=]\s*)(?<value>"[^"]*"|'[^']*'|[^\s,&;}\]"']+)/#
        return text.replacing(pattern) { match in
            let value = match.output.value
            let masked: String
            if let quote = value.first, quote == "\"" || quote == "'" {
                masked = "\(quote)•••\(quote)"
            } else if !match.output.quote.isEmpty {
                masked = "\"•••\""
            } else {
                masked = "•••"
            }
            return match.output.key + masked
        }
    }
}
