/// The result of one simulated charge attempt.
public enum ChargeOutcome: Sendable, Hashable, Codable {
    /// Money moved; the id is "ch_" and 24 base62 characters.
    case succeeded(chargeID: String)
    /// Nothing charged yet: the customer must act, then the charge is attempted again.
    case requiresAction(ChargeRequiredAction)
    case declined(DeclineCode)
}
