import Foundation

/// When failed deliveries are retried. Pure: it computes due times from the first attempt's time,
/// so a restarted process can recompute them from stored state alone.
public struct WebhookRetrySchedule: Sendable, Hashable {
    /// Delay before attempt 2, 3, …, measured from the previous attempt's scheduled time.
    public let retryDelaysInSeconds: [UInt32]

    /// DodoPayments' schedule: immediately, then after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and
    /// 10 h, for 8 attempts in total.
    public static let dodoPayments = WebhookRetrySchedule(
        retryDelaysInSeconds: [5, 5 * 60, 30 * 60, 2 * 3_600, 5 * 3_600, 10 * 3_600, 10 * 3_600]
    )

    public init(retryDelaysInSeconds: [UInt32]) {
        self.retryDelaysInSeconds = retryDelaysInSeconds
    }

    public var maximumAttempts: Int {
        retryDelaysInSeconds.count + 1
    }

    /// When attempt `attempt` (1-based) is due, or nil if the schedule has no such attempt.
    /// Offsets accumulate from the first attempt, so a slow attempt does not shift later ones.
    public func dueTime(ofAttempt attempt: Int, firstAttemptAt: Date) throws(WebhookRetryScheduleError) -> Date? {
        guard attempt >= 1 else { throw .invalidAttemptNumber(attempt) }
        guard attempt <= maximumAttempts else { return nil }
        let offset = retryDelaysInSeconds.prefix(attempt - 1).reduce(0) { $0 + TimeInterval($1) }
        return firstAttemptAt + offset
    }

    /// The decision after attempt `failedAttempt` (1-based) failed.
    public func decision(
        afterFailedAttempt failedAttempt: Int,
        firstAttemptAt: Date
    ) throws(WebhookRetryScheduleError) -> WebhookRetryDecision {
        guard failedAttempt >= 1 else { throw .invalidAttemptNumber(failedAttempt) }
        guard failedAttempt < maximumAttempts,
              let due = try dueTime(ofAttempt: failedAttempt + 1, firstAttemptAt: firstAttemptAt)
        else { return .giveUp }
        return .retry(attempt: failedAttempt + 1, at: due)
    }
}

/// What to do after a delivery attempt failed.
public enum WebhookRetryDecision: Sendable, Hashable {
    /// Try again as attempt number `attempt` (1-based) no earlier than `at`.
    case retry(attempt: Int, at: Date)
    /// Every scheduled attempt has failed; stop delivering this event.
    case giveUp
}

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
