/// A purchase of any catalog product. The idempotency key makes a retry, a replay or a double
/// Enter apply once and return the first result.
public struct PurchaseRequest: Hashable, Sendable, Codable {
    public var accountID: String
    public var productID: String
    public var offerCode: String?
    /// Nil charges the account's default payment method.
    public var paymentMethodID: String?
    public var idempotencyKey: String?

    public init(accountID: String, productID: String, offerCode: String? = nil,
                paymentMethodID: String? = nil, idempotencyKey: String? = nil) {
        self.accountID = accountID
        self.productID = productID
        self.offerCode = offerCode
        self.paymentMethodID = paymentMethodID
        self.idempotencyKey = idempotencyKey
    }
}

/// How a purchase ended. A decline is an outcome, not an error: it is recorded (an invoice of the
/// failed attempt) and replays like any other result.
public enum PurchaseOutcome: Hashable, Sendable, Codable {
    case purchased(PurchaseReceipt)
    case declined(reason: DeclineReason, invoice: Invoice)
    /// The card needs a 3-D Secure challenge: complete it with `completeAuthentication`.
    case requiresAction(PendingAction)
}

public struct PurchaseReceipt: Hashable, Sendable, Codable {
    public var productID: String
    public var invoice: Invoice
    public var subscription: Subscription?
    public var introOfferApplied: Bool
    public var pointsCredited: Int64
    /// Entitlement ids this purchase grants.
    public var entitlements: [String]
    /// The signed store transaction recording it.
    public var transaction: SignedTransaction?

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(productID: String, invoice: Invoice, subscription: Subscription? = nil, introOfferApplied: Bool,
                pointsCredited: Int64, entitlements: [String], transaction: SignedTransaction? = nil) {
        self.productID = productID
        self.invoice = invoice
        self.subscription = subscription
        self.introOfferApplied = introOfferApplied
        self.pointsCredited = pointsCredited
        self.entitlements = entitlements
        self.transaction = transaction
    }
}
