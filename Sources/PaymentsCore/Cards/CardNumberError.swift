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
