/// The result of one verification check the issuer runs on the details typed (Stripe's
/// `cvc_check`, `address_postal_code_check`, `address_line1_check`).
public enum CardCheckResult: String, Sendable, Hashable, Codable, CaseIterable {
    case pass
    case fail
    /// The issuer could not run the check.
    case unavailable
}
