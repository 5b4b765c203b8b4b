import Foundation

/// A hosted checkout session as the simulated provider's server knows it: the source of truth
/// a client confirms a redirect against.
public struct CheckoutSession: Sendable, Hashable, Codable, Identifiable {
    /// "cks_" and 24 random base62 characters: unguessable, since the page URL carries it.
    public var id: String
    public var accountID: String
    public var productID: String
    public var productName: String
    /// What the product costs in the account's currency.
    public var price: Money
    /// The promo code the charge applies, if the customer entered one.
    public var offerCode: String?
    /// The client's idempotency key the session was opened with; each charge is keyed from it.
    public var idempotencyKey: String?
    /// What paying now charges: the engine's own invoice lines for this account at this moment
    /// (a free trial is zero, a promo code and account balance are taken off).
    /// Nil once the session is no longer open (the page then shows no price).
    public var dueToday: Money?
    /// When a subscription first renews and what that renewal charges; nil for a one-time purchase.
    public var firstRenewal: CheckoutRenewal?
    /// The billing period of a subscription product; nil for a one-time purchase.
    public var billingPeriod: ISODuration?
    public var successURL: String
    public var cancelURL: String
    public var state: String
    public var status: CheckoutSessionStatus
    public var paymentStatus: CheckoutPaymentStatus
    public var createdAt: Date
    public var expiresAt: Date
    /// The invoice that paid for the session (Dodo's `payment_id`).
    public var paymentID: String?
    public var subscriptionID: String?
    /// The message of the last declined attempt, shown on the page.
    public var lastDeclineMessage: String?
    /// A card is waiting for the customer's answer to a 3-D Secure challenge.
    public var awaitingChallenge: Bool
    /// When Kiosk's webhook endpoint applied the provider's success event for this session.
    public var confirmedAt: Date?

    /// Every stored property, in order: the memberwise initializer, public for the provider that
    /// builds sessions (module Simulators) and clients that decode them.
    public init(id: String, accountID: String, productID: String, productName: String, price: Money,
                offerCode: String?, idempotencyKey: String?, dueToday: Money?, firstRenewal: CheckoutRenewal?,
                billingPeriod: ISODuration?, successURL: String, cancelURL: String, state: String,
                status: CheckoutSessionStatus, paymentStatus: CheckoutPaymentStatus, createdAt: Date, expiresAt: Date,
                paymentID: String?, subscriptionID: String?, lastDeclineMessage: String?, awaitingChallenge: Bool,
                confirmedAt: Date?) {
        self.id = id
        self.accountID = accountID
        self.productID = productID
        self.productName = productName
        self.price = price
        self.offerCode = offerCode
        self.idempotencyKey = idempotencyKey
        self.dueToday = dueToday
        self.firstRenewal = firstRenewal
        self.billingPeriod = billingPeriod
        self.successURL = successURL
        self.cancelURL = cancelURL
        self.state = state
        self.status = status
        self.paymentStatus = paymentStatus
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.paymentID = paymentID
        self.subscriptionID = subscriptionID
        self.lastDeclineMessage = lastDeclineMessage
        self.awaitingChallenge = awaitingChallenge
        self.confirmedAt = confirmedAt
    }

    /// Paid according to the server; the only reading that may unlock anything.
    public var isPaid: Bool { paymentStatus == .paid }
}

/// Where a checkout session is in its life, as a provider's session lookup reports it.
public enum CheckoutSessionStatus: String, Sendable, Hashable, Codable, CaseIterable {
    /// Waiting for the customer to pay; declines and 3-D Secure challenges leave it open.
    case open
    /// Paid: it can never be paid again.
    case complete
    /// Past its expiry, or cancelled by the customer: it can never be paid.
    case expired
}

/// Whether money moved for a checkout session: the one field a client may trust for access,
/// and only when read from the server, never from a redirect.
public enum CheckoutPaymentStatus: String, Sendable, Hashable, Codable, CaseIterable {
    case paid
    case unpaid
}

/// The first renewal of a subscription bought at the hosted checkout, as the page announces it.
public struct CheckoutRenewal: Sendable, Hashable, Codable {
    public var date: Date
    public var amount: Money

    public init(date: Date, amount: Money) {
        self.date = date
        self.amount = amount
    }
}
