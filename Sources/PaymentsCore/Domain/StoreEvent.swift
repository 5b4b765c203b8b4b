import Foundation

/// Something that happened in the store, in order: the audit trail, the analytics feed and the
/// change feed screens use to refresh.
public struct StoreEvent: Hashable, Sendable, Codable, Identifiable {
    /// Increases with every event across the store; a screen remembers the last it saw.
    public var id: Int64
    public var accountID: String?
    public var type: StoreEventType
    public var at: Date
    public var subscriptionID: String?
    public var productID: String?
    public var invoiceID: String?
    public var detail: String?

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(id: Int64, accountID: String? = nil, type: StoreEventType, at: Date, subscriptionID: String? = nil,
                productID: String? = nil, invoiceID: String? = nil, detail: String? = nil) {
        self.id = id
        self.accountID = accountID
        self.type = type
        self.at = at
        self.subscriptionID = subscriptionID
        self.productID = productID
        self.invoiceID = invoiceID
        self.detail = detail
    }
}

public enum StoreEventType: String, Hashable, Sendable, Codable, CaseIterable {
    case accountCreated = "account.created"
    case trialStarted = "trial.started"
    case trialConverted = "trial.converted"
    case subscriptionStarted = "subscription.started"
    case renewed = "subscription.renewed"
    case renewalFailed = "subscription.renewal_failed"
    case gracePeriodStarted = "subscription.grace_period_started"
    case billingRetryStarted = "subscription.billing_retry_started"
    case recovered = "subscription.recovered"
    case cancelled = "subscription.cancelled"
    case resumed = "subscription.resumed"
    case expired = "subscription.expired"
    case revoked = "subscription.revoked"
    case planChanged = "subscription.plan_changed"
    case planChangeScheduled = "subscription.plan_change_scheduled"
    case purchaseCompleted = "purchase.completed"
    case purchaseDeclined = "purchase.declined"
    case refunded = "refund.issued"
    /// A refund that had succeeded failed afterwards; the money is back with the store.
    case refundFailed = "refund.failed"
    /// The customer's bank disputed a card charge; `detail` is the reason.
    case disputeOpened = "dispute.opened"
    /// The issuer warned that a card charge may be fraudulent, before any dispute.
    case earlyFraudWarning = "radar.early_fraud_warning"
    case pointsCredited = "points.credited"
    case pointsSpent = "points.spent"
    case usageRecorded = "usage.recorded"
    case paymentMethodAdded = "payment_method.added"
    case paymentMethodRemoved = "payment_method.removed"
    case clockAdvanced = "test_clock.advanced"
    /// A customer put on a test clock (`detail`: the clock's id), or back on real time: what the
    /// App Store follows to renew each customer's subscriptions on the clock the customer is on.
    case testClockAttached = "test_clock.attached"
    case testClockDetached = "test_clock.detached"
    // The sheet's requests are the App Store's own since migration v26, and Apple tells a
    // merchant nothing of them: these three are no longer written, only read in older histories.
    case purchasePending = "purchase.pending"
    case purchaseApproved = "purchase.approved"
    case purchaseDeclinedByParent = "purchase.ask_to_buy_declined"
    case authenticationRequired = "payment.authentication_required"
    case priceIncreaseRequested = "price_increase.requested"
    case priceIncreaseAccepted = "price_increase.accepted"
    case priceIncreaseDeclined = "price_increase.declined"
    case transactionsCleared = "store.transactions_cleared"
}
