/// Where one delivery of a webhook message stands in the simulated provider's outbox.
public enum WebhookDeliveryStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Due at `nextAttemptAt`, retried per the schedule while attempts fail.
    case pending
    /// The receiver answered 2xx.
    case delivered
    /// Every scheduled attempt failed.
    case failed
    /// Dropped by a QA control: never sent again.
    case dropped
}
