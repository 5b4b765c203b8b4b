import Foundation

/// The `data` object of an event: the fields Kiosk acts on, flattened across the Payment,
/// Subscription and Refund payloads. Fields that do not apply to a payload are nil and omitted
/// from the JSON; unknown fields in received JSON are ignored.
public struct WebhookEventData: Sendable, Hashable, Codable {
    public var payloadType: WebhookPayloadType
    public var paymentId: String?
    public var subscriptionId: String?
    public var refundId: String?
    public var checkoutSessionId: String?
    /// The provider-side customer, which Kiosk maps to its account.
    public var customerId: String?
    public var productId: String?
    /// Provider status string of the payment, subscription or refund (e.g. "succeeded", "active").
    public var status: String?
    /// Integer minor units of `currency`; for refunds, the refunded amount.
    public var totalAmount: Int64?
    /// ISO 4217 code, e.g. "USD".
    public var currency: String?
    public var createdAt: Date?
    public var nextBillingDate: Date?
    public var previousBillingDate: Date?

    public init(
        payloadType: WebhookPayloadType,
        paymentId: String? = nil,
        subscriptionId: String? = nil,
        refundId: String? = nil,
        checkoutSessionId: String? = nil,
        customerId: String? = nil,
        productId: String? = nil,
        status: String? = nil,
        totalAmount: Int64? = nil,
        currency: String? = nil,
        createdAt: Date? = nil,
        nextBillingDate: Date? = nil,
        previousBillingDate: Date? = nil
    ) {
        self.payloadType = payloadType
        self.paymentId = paymentId
        self.subscriptionId = subscriptionId
        self.refundId = refundId
        self.checkoutSessionId = checkoutSessionId
        self.customerId = customerId
        self.productId = productId
        self.status = status
        self.totalAmount = totalAmount
        self.currency = currency
        self.createdAt = createdAt
        self.nextBillingDate = nextBillingDate
        self.previousBillingDate = previousBillingDate
    }

    enum CodingKeys: String, CodingKey {
        case payloadType = "payload_type"
        case paymentId = "payment_id"
        case subscriptionId = "subscription_id"
        case refundId = "refund_id"
        case checkoutSessionId = "checkout_session_id"
        case customerId = "customer_id"
        case productId = "product_id"
        case status
        case totalAmount = "total_amount"
        case currency
        case createdAt = "created_at"
        case nextBillingDate = "next_billing_date"
        case previousBillingDate = "previous_billing_date"
    }
}
