import Foundation

/// What one pass of the delivery pump did with one delivery.
public struct WebhookDeliveryAttempt: Sendable, Hashable {
    public var deliveryID: String
    public var messageID: String
    public var eventType: WebhookEventType
    /// 1-based attempt number.
    public var attempt: Int
    /// The receiver's HTTP status, or nil when the request failed before any answer.
    public var httpStatus: Int?
    public var delivered: Bool
    /// The delivery's status after this attempt (`pending` again means a retry is scheduled).
    public var statusAfter: WebhookDeliveryStatus
    public var nextAttemptAt: Date?

    /// Every stored property, in order: the memberwise initializer, public for the provider that
    /// records attempts (module Simulators).
    public init(deliveryID: String, messageID: String, eventType: WebhookEventType, attempt: Int, httpStatus: Int?,
                delivered: Bool, statusAfter: WebhookDeliveryStatus, nextAttemptAt: Date?) {
        self.deliveryID = deliveryID
        self.messageID = messageID
        self.eventType = eventType
        self.attempt = attempt
        self.httpStatus = httpStatus
        self.delivered = delivered
        self.statusAfter = statusAfter
        self.nextAttemptAt = nextAttemptAt
    }
}
