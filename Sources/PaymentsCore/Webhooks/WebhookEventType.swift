/// The event `type` values Kiosk's simulated provider emits (a subset of DodoPayments' list).
/// Decoding an unlisted type fails: Kiosk is both sender and receiver, so an unknown type means a
/// bug rather than a newer provider.
public enum WebhookEventType: String, Sendable, Hashable, Codable, CaseIterable {
    case paymentSucceeded = "payment.succeeded"
    case paymentFailed = "payment.failed"
    case paymentProcessing = "payment.processing"
    case paymentCancelled = "payment.cancelled"
    case subscriptionActive = "subscription.active"
    case subscriptionRenewed = "subscription.renewed"
    case subscriptionOnHold = "subscription.on_hold"
    case subscriptionCancelled = "subscription.cancelled"
    case subscriptionExpired = "subscription.expired"
    case subscriptionPlanChanged = "subscription.plan_changed"
    case refundSucceeded = "refund.succeeded"

    /// The `payload_type` an event of this type carries, for building and sanity-checking events.
    public var payloadType: WebhookPayloadType {
        switch self {
        case .paymentSucceeded, .paymentFailed, .paymentProcessing, .paymentCancelled:
            .payment
        case .subscriptionActive, .subscriptionRenewed, .subscriptionOnHold, .subscriptionCancelled,
             .subscriptionExpired, .subscriptionPlanChanged:
            .subscription
        case .refundSucceeded:
            .refund
        }
    }
}

/// The `data.payload_type` discriminator, spelled as DodoPayments spells it.
public enum WebhookPayloadType: String, Sendable, Hashable, Codable, CaseIterable {
    case payment = "Payment"
    case subscription = "Subscription"
    case refund = "Refund"
}
