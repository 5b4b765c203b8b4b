/// Whether the customer is present for a charge, which decides if the issuer can ask for 3-D
/// Secure.
public enum ChargeContext: String, Sendable, Hashable, Codable, CaseIterable {
    /// The first payment, made while the customer is at the checkout and can answer a
    /// challenge; on success the card is also set up for later off-session charges.
    case firstPaymentOnSession
    /// A renewal charged while the customer is away, on a card set up by an earlier successful
    /// on-session payment.
    case offSessionRenewal
}
