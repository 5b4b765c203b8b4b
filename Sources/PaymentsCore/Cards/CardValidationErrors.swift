/// Every problem found in one submission of the card form, at most one per field, so the form
/// can show all inline messages at once instead of making the customer fix them one by one.
public struct CardValidationErrors: Error, Sendable, Hashable, CustomStringConvertible {
    public var number: CardNumberError?
    public var expiry: CardExpiryError?
    public var cvc: CardCVCError?
    public var postalCode: PostalCodeError?

    public init(number: CardNumberError? = nil, expiry: CardExpiryError? = nil,
                cvc: CardCVCError? = nil, postalCode: PostalCodeError? = nil) {
        self.number = number
        self.expiry = expiry
        self.cvc = cvc
        self.postalCode = postalCode
    }

    public var isEmpty: Bool { fieldMessages.isEmpty }

    /// The user-facing message for each field that has a problem, in form order.
    public var fieldMessages: [(field: CardField, message: String)] {
        var messages: [(field: CardField, message: String)] = []
        if let number { messages.append((.number, number.message)) }
        if let expiry { messages.append((.expiry, expiry.message)) }
        if let cvc { messages.append((.cvc, cvc.message)) }
        if let postalCode { messages.append((.postalCode, postalCode.message)) }
        return messages
    }

    /// The message to show next to `field`, if it has a problem.
    public func message(for field: CardField) -> String? {
        fieldMessages.first { $0.field == field }?.message
    }

    public var description: String {
        fieldMessages.map(\.message).joined(separator: " ")
    }
}

/// Why the postal code field cannot be accepted; codes and wording follow Stripe's.
public enum PostalCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The form asked for a postal code and the field is blank.
    case incomplete

    public var stripeCode: String { "incomplete_zip" }

    public var message: String { "Your postal code is incomplete." }

    public var description: String { message }
}

/// Why the security code field cannot be accepted; codes and wording follow Stripe's.
public enum CardCVCError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Fewer digits than the brand prints (four for American Express, three otherwise).
    case incomplete
    /// Non-digits, or more digits than the brand prints.
    case invalid

    public var stripeCode: String {
        switch self {
        case .incomplete: "incomplete_cvc"
        case .invalid: "invalid_cvc"
        }
    }

    public var message: String {
        switch self {
        case .incomplete: "Your card's security code is incomplete."
        case .invalid: "Your card's security code is invalid."
        }
    }

    public var description: String { message }
}

/// Why the card number field cannot be accepted; codes and wording follow Stripe's.
public enum CardNumberError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Fewer digits than the brand issues, including an empty field.
    case incomplete
    /// Characters other than digits, spaces and dashes, or more digits than the brand issues.
    case invalid
    /// The right length but the Luhn checksum fails: a digit was mistyped.
    case incorrect

    public var stripeCode: String {
        switch self {
        case .incomplete: "incomplete_number"
        case .invalid: "invalid_number"
        case .incorrect: "incorrect_number"
        }
    }

    public var message: String {
        switch self {
        case .incomplete: "Your card number is incomplete."
        case .invalid: "Your card number is invalid."
        case .incorrect: "Your card number is incorrect."
        }
    }

    public var description: String { message }
}

/// Why the expiry field cannot be accepted; codes and wording follow Stripe Elements, which
/// tells a past year apart from a past month of the current year.
public enum CardExpiryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing or too little typed to read a month and a year.
    case incomplete
    /// The month is not 1–12 or is not a number.
    case invalidMonth
    /// The year is not a number, not four digits, or implausibly far in the future.
    case invalidYear
    /// This year, but a month that has already ended.
    case monthInPast
    /// A year that has already ended.
    case yearInPast

    public var stripeCode: String {
        switch self {
        case .incomplete: "incomplete_expiry"
        case .invalidMonth: "invalid_expiry_month"
        case .invalidYear: "invalid_expiry_year"
        case .monthInPast: "invalid_expiry_month_past"
        case .yearInPast: "invalid_expiry_year_past"
        }
    }

    public var message: String {
        switch self {
        case .incomplete: "Your card's expiration date is incomplete."
        case .invalidMonth: "Your card's expiration month is invalid."
        case .invalidYear: "Your card's expiration year is invalid."
        case .monthInPast: "Your card's expiration date is in the past."
        case .yearInPast: "Your card's expiration year is in the past."
        }
    }

    public var description: String { message }
}
