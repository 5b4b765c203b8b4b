import Foundation
import PaymentsCore

/// The new-card form as typed. The number and security code live here only until the card is
/// tokenized (then the form is cleared), and never appear in descriptions or dumps.
public struct CardFormState: Equatable, Sendable, CustomStringConvertible, CustomDebugStringConvertible, CustomReflectable {
    /// Grouped as typed: "4242 4242 42".
    public private(set) var number = ""
    public private(set) var cvc = ""
    /// "12/30": formatted as typed, the slash added after the month.
    public private(set) var expiry = ""
    public var name = ""
    public var postalCode = ""
    /// Inline messages, shown once the customer tries to submit.
    public var errors = CardValidationErrors()

    public init() {}

    public var brand: CardBrand { CardBrand.detect(fromPartialNumber: number) }

    /// "•••" for each typed digit.
    public var maskedCVC: String { String(repeating: "•", count: cvc.count) }

    mutating func setNumber(_ typed: String) {
        let digits = typed.filter { $0.isASCII && $0.isNumber }
        let brand = CardBrand.detect(fromPartialNumber: digits)
        number = CardNumberFormatter.format(String(digits.prefix(brand.maximumLength)))
        errors.number = nil
    }

    /// Keeps the digits (at most MM and YY) and writes them as MM/YY.
    mutating func setExpiry(_ typed: String) {
        let digits = String(typed.filter { $0.isASCII && $0.isNumber }.prefix(4))
        expiry = digits.count > 2 ? "\(digits.prefix(2))/\(digits.dropFirst(2))" : digits
        errors.expiry = nil
    }

    /// The last four digits typed once the number is long enough to name the card.
    public var typedLast4: String? {
        let digits = number.filter(\.isNumber)
        return brand.validLengths.contains(digits.count) ? String(digits.suffix(4)) : nil
    }

    mutating func setCVC(_ typed: String) {
        cvc = String(typed.filter { $0.isASCII && $0.isNumber }.prefix(4))
        errors.cvc = nil
    }

    /// The card as the core takes it, or every field problem at `now`.
    func details(now: Date) -> Result<CardDetails, CardValidationErrors> {
        let parsedExpiry: CardExpiry
        do {
            parsedExpiry = try CardExpiry(parsing: expiry)
        } catch {
            var problems = CardValidator.validate(card(CardExpiry(month: 1, year: 9999)), now: now)
            problems.expiry = error
            return .failure(problems)
        }
        let details = card(parsedExpiry)
        let problems = CardValidator.validate(details, now: now)
        return problems.isEmpty ? .success(details) : .failure(problems)
    }

    /// The postal code is optional, as on the hosted checkout page (one rule for both forms, as
    /// Stripe's card element): left empty it is not sent; typed, it is checked.
    private func card(_ expiry: CardExpiry) -> CardDetails {
        CardDetails(number: number, expiry: expiry, cvc: cvc,
                    cardholderName: name.isEmpty ? nil : name, postalCode: postalCode.isEmpty ? nil : postalCode)
    }

    public var description: String { "CardForm(\(brand.displayName), cvc \(maskedCVC))" }
    public var debugDescription: String { description }
    public var customMirror: Mirror { Mirror(self, children: ["brand": brand, "expiry": expiry, "name": name]) }
}
