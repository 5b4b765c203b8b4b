/// Misuse of a retry schedule.
public enum WebhookRetryScheduleError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Attempts are numbered from 1 (the immediate first delivery).
    case invalidAttemptNumber(Int)

    public var description: String {
        switch self {
        case .invalidAttemptNumber(let attempt):
            "invalid delivery attempt number \(attempt): attempts are numbered from 1"
        }
    }
}
