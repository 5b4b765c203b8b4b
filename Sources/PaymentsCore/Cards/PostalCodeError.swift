/// Why the postal code field cannot be accepted; codes and wording follow Stripe's.
public enum PostalCodeError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The form asked for a postal code and the field is blank.
    case incomplete

    public var stripeCode: String { "incomplete_zip" }

    public var message: String { "Your postal code is incomplete." }

    public var description: String { message }
}
