import PaymentsCore

/// What the loopback listener saw. Even `.redirected` with outcome `succeeded` is only a hint:
/// the caller confirms it by looking the session up on the server.
public enum LoopbackRedirectResult: Sendable, Hashable {
    /// The browser arrived at the return or cancel URL with a valid state.
    case redirected(RedirectClassification)
    /// Nothing valid arrived in time: the outcome is unknown.
    case timedOut
    /// The listener was cancelled (the user gave up in the terminal): the outcome is unknown.
    case cancelled
}
