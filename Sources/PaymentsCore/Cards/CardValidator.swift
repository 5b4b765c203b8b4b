import Foundation

/// Checks a card form before tokenization, the way Stripe.js checks it before any request.
public enum CardValidator {
    /// Every field problem in `details` at `now`; `isEmpty` when the card can be tokenized.
    ///
    /// Each field is checked on its own so the form can show all messages at once. The security
    /// code length follows the brand read from the number (four digits for American Express).
    /// The cardholder name is optional and never rejected.
    public static func validate(_ details: CardDetails, now: Date) -> CardValidationErrors {
        let brand = details.brand
        return CardValidationErrors(
            number: numberProblem(details.number, brand: brand),
            expiry: details.expiry.problem(now: now),
            cvc: cvcProblem(details.cvc, brand: brand),
            postalCode: postalCodeProblem(details.postalCode))
    }

    static func numberProblem(_ text: String, brand: CardBrand) -> CardNumberError? {
        guard let digits = CardNumberText.digits(in: text) else { return .invalid }
        if digits.count > brand.maximumLength { return .invalid }
        if !brand.validLengths.contains(digits.count) { return .incomplete }
        return LuhnCheck.isValid(digits) ? nil : .incorrect
    }

    static func cvcProblem(_ cvc: String, brand: CardBrand) -> CardCVCError? {
        guard cvc.allSatisfy({ $0.isASCII && $0.isNumber }) else { return .invalid }
        if cvc.count < brand.cvcLength { return .incomplete }
        if cvc.count > brand.cvcLength { return .invalid }
        return nil
    }

    static func postalCodeProblem(_ postalCode: String?) -> PostalCodeError? {
        guard let postalCode else { return nil }
        return postalCode.allSatisfy(\.isWhitespace) ? .incomplete : nil
    }
}

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
