/// What the server says about a checkout after the browser came back (or did not).
public enum CheckoutVerdict: String, Sendable, Hashable {
    /// The session lookup says paid: the purchase (and its entitlement) is real.
    case paid
    /// The session expired or was cancelled without payment: nothing was charged.
    case notPaid = "not_paid"
    /// The session is still open and unpaid: the customer may still pay, so look again later.
    case stillOpen = "still_open"
}
