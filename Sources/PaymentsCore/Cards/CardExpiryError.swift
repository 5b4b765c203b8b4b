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
