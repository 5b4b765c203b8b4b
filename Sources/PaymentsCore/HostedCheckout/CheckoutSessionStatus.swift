/// Where a checkout session is in its life, as a provider's session lookup reports it.
public enum CheckoutSessionStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Waiting for the customer to pay; declines and 3-D Secure challenges leave it open.
    case open
    /// Paid: it can never be paid again.
    case complete
    /// Past its expiry, or cancelled by the customer: it can never be paid.
    case expired
}
