/// The `data.payload_type` discriminator, spelled as DodoPayments spells it.
public enum WebhookPayloadType: String, Sendable, Hashable, Codable, CaseIterable {
    case payment = "Payment"
    case subscription = "Subscription"
    case refund = "Refund"
}
