/// How the customer answered the simulated 3-D Secure challenge.
public enum ThreeDSecureOutcome: String, Sendable, Hashable, Codable, CaseIterable {
    case approved
    /// Failed or abandoned; Stripe treats both the same.
    case failed
}
