/// The Luhn (mod 10) checksum every card number carries, which catches a mistyped digit or most
/// swapped neighbours before anything is sent to the issuer.
public enum LuhnCheck {
    /// True when `digits` is at least two ASCII digits and its Luhn checksum is zero.
    /// Anything else, including separators, is not a number this check accepts.
    public static func isValid(_ digits: String) -> Bool {
        guard digits.count >= 2 else { return false }
        var sum = 0
        for (offset, character) in digits.reversed().enumerated() {
            guard character.isASCII, let digit = character.wholeNumberValue else { return false }
            if offset.isMultiple(of: 2) {
                sum += digit
            } else {
                let doubled = digit * 2
                sum += doubled > 9 ? doubled - 9 : doubled
            }
        }
        return sum.isMultiple(of: 10)
    }
}
