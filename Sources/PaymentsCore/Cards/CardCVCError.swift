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
