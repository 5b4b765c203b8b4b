import Foundation

/// What to do after a delivery attempt failed.
public enum WebhookRetryDecision: Sendable, Hashable {
    /// Try again as attempt number `attempt` (1-based) no earlier than `at`.
    case retry(attempt: Int, at: Date)
    /// Every scheduled attempt has failed; stop delivering this event.
    case giveUp
}
