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
