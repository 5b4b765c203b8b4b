/// What the merchant's App Store Server Notifications endpoint did with one verified notification.
/// Every outcome is final: the endpoint answers 200 and Apple stops retrying it.
public enum StoreNotificationOutcome: Hashable, Sendable, CustomStringConvertible {
    /// A sale or a refund the merchant had not heard of, now booked.
    case recorded
    /// It says what the merchant already knew (the same transaction, a refund already booked).
    case alreadyKnown
    /// This notification (by `notificationUUID`) was received before; nothing was applied again.
    case duplicate
    /// A TEST notification, or one that carries no transaction.
    case acknowledged
    /// Verified, but nothing this merchant can book (with why): an unknown customer or product,
    /// a store subscription the merchant has no record of.
    case ignored(String)

    /// How it is kept in `app_store_notifications_received.outcome` and told to the caller.
    public var description: String {
        switch self {
        case .recorded: "recorded"
        case .alreadyKnown: "already_known"
        case .duplicate: "duplicate"
        case .acknowledged: "acknowledged"
        case let .ignored(reason): "ignored: \(reason)"
        }
    }
}
