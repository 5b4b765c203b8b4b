/// Groups a card number for display the way it is printed on the card.
public enum CardNumberFormatter {
    /// Formats the digits typed so far into the brand's groups: "4242424242" → "4242 4242 42",
    /// "37828224631" → "3782 822463 1".
    ///
    /// Non-digits are dropped, so the field can be re-formatted after every keystroke. Digits
    /// beyond the brand's pattern are kept as a final group instead of being silently discarded;
    /// limiting input to `CardBrand.maximumLength` is the entry field's job.
    public static func format(_ text: String, separator: String = " ") -> String {
        let digits = Array(CardNumberText.digitsIgnoringOthers(in: text))
        let brand = CardBrand.detect(fromPartialNumber: String(digits))
        var groups: [String] = []
        var start = 0
        for size in brand.groupSizes(forDigitCount: digits.count) where start < digits.count {
            let end = min(start + size, digits.count)
            groups.append(String(digits[start..<end]))
            start = end
        }
        if start < digits.count {
            groups.append(String(digits[start...]))
        }
        return groups.joined(separator: separator)
    }
}
