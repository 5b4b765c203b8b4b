/// What Kiosk's webhook endpoint did with one request.
public enum WebhookReceipt: Sendable, Hashable {
    /// Verified, new, and its effect applied.
    case applied(WebhookEventType)
    /// Verified, but this `webhook-id` was already processed: nothing changed.
    case duplicate
    /// Verified and recorded, but it changed nothing because it is older than what is known or
    /// would undo a final state (a late renewal after a cancellation).
    case ignored(WebhookEventType, reason: String)
    /// Failed verification (forged, stale, unsigned): nothing was read or changed.
    case rejected(String)
    /// Verified but not a valid event body.
    case malformed(String)

    /// Whether the provider should stop retrying: everything verified is acknowledged.
    public var isAcknowledged: Bool {
        switch self {
        case .applied, .duplicate, .ignored: true
        case .rejected, .malformed: false
        }
    }
}
