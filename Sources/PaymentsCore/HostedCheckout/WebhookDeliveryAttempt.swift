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
}
