import PaymentsCore

/// A `webhook` step: what the hosted-checkout provider's outbox does next. Deliveries are
/// picked by position among the ones not yet delivered (`last`, `first`, or a 1-based index).
public enum WebhookCommand: Sendable, Hashable {
    /// Sends every due delivery to the app's webhook endpoint (in process), signed as the provider signs.
    case deliver
    case delay(WebhookPick, ISODuration)
    case drop(WebhookPick)
    case duplicate(WebhookPick)
    /// Queues an already delivered message again (by position among all deliveries).
    case replay(WebhookPick)
    /// Reverses the order of the waiting deliveries, so later events arrive first.
    case reverse
}
