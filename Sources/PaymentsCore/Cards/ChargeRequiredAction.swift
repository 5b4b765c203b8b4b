/// What the customer must do before a charge can go through.
public enum ChargeRequiredAction: String, Sendable, Hashable, Codable {
    /// Answer the issuer's 3-D Secure challenge, then charge again with the outcome.
    case threeDSecure = "three_d_secure"
}
