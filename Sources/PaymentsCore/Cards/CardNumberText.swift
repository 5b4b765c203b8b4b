/// Reading digits out of what a customer typed into the card number field.
public enum CardNumberText {
    /// The digits of `text` when it holds only digits, spaces and dashes (how people copy card
    /// numbers); nil when anything else appears, which makes the number invalid.
    public static func digits(in text: String) -> String? {
        var digits = ""
        for character in text {
            if character.isASCII, character.isNumber {
                digits.append(character)
            } else if character != " " && character != "-" {
                return nil
            }
        }
        return digits
    }

    /// The ASCII digits of `text`, skipping everything else; for live formatting and brand
    /// detection, which must not fail on a stray keystroke.
    static func digitsIgnoringOthers(in text: String) -> String {
        String(text.filter { $0.isASCII && $0.isNumber })
    }

    /// The last four digits, only when enough digits exist that showing four cannot reveal most
    /// of the input (13 is the shortest card number).
    public static func lastFour(of digits: String) -> String? {
        digits.count >= 13 ? String(digits.suffix(4)) : nil
    }
}
