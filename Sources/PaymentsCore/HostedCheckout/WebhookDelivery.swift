import Foundation

/// One delivery of a webhook message. Several deliveries may share a message id (a duplicate or
/// a replay), exactly as a real provider resends the same `webhook-id`, which is what lets the
/// receiver deduplicate.
public struct WebhookDelivery: Sendable, Hashable, Codable, Identifiable {
    public var id: String
    /// The `webhook-id` header of every attempt.
    public var messageID: String
    public var eventType: WebhookEventType
    /// The exact bytes signed and sent.
    public var body: Data
    public var status: WebhookDeliveryStatus
    public var attempts: Int
    public var firstAttemptAt: Date
    public var nextAttemptAt: Date
    public var lastError: String?
    public var deliveredAt: Date?

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(id: String, messageID: String, eventType: WebhookEventType, body: Data, status: WebhookDeliveryStatus,
                attempts: Int, firstAttemptAt: Date, nextAttemptAt: Date, lastError: String? = nil,
                deliveredAt: Date? = nil) {
        self.id = id
        self.messageID = messageID
        self.eventType = eventType
        self.body = body
        self.status = status
        self.attempts = attempts
        self.firstAttemptAt = firstAttemptAt
        self.nextAttemptAt = nextAttemptAt
        self.lastError = lastError
        self.deliveredAt = deliveredAt
    }
}

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
