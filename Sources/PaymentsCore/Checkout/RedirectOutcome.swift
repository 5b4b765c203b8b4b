/// What a hosted-checkout redirect suggests about the payment.
///
/// Every outcome is a hint for the UI only: access is granted after the server confirms the
/// payment, because anyone can type a return URL into a browser.
public enum RedirectOutcome: String, Sendable, Hashable, CaseIterable {
    case succeeded
    case failed
    case pending
    case expired
    case cancelled
    /// The URL is not one of the session's endpoints; the browser is still on its way.
    case ignored
    /// The URL claims to be one of the session's endpoints but fails validation, or it is
    /// malformed or suspicious. It must never be read as a result.
    case rejected
}
