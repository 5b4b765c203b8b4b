/// When the checkout simulator sends the webhooks an outcome queued.
public enum WebhookDeliveryMode: Sendable, Hashable {
    /// Right after the outcome, before the browser gets its redirect, as a fast provider would.
    case immediate
    /// Only when someone calls the delivery pump: for QA controls and tests that bend delivery.
    case manual
}
