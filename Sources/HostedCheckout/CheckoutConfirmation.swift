import PaymentsCore

/// The end of one hosted checkout as Kiosk reports it: the redirect hint, and the server's truth.
public struct CheckoutConfirmation: Sendable, Hashable {
    public var redirect: LoopbackRedirectResult
    /// The session as looked up on the server after the redirect, timeout or cancel.
    public var session: CheckoutSession
    public var verdict: CheckoutVerdict

    /// Whether the redirect told the same story as the server; a mismatch is worth logging,
    /// since only the server's answer counts.
    public var redirectAgrees: Bool {
        guard case let .redirected(classification) = redirect else { return true }
        switch (classification.outcome, verdict) {
        case (.succeeded, .paid), (.cancelled, .notPaid), (.expired, .notPaid), (.failed, .stillOpen):
            return true
        default:
            return false
        }
    }
}
