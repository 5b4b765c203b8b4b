import Foundation

/// A billing document: every charge, proration, refund and failed attempt produces one.
public struct Invoice: Hashable, Sendable, Codable, Identifiable {
    /// Human-facing and unique across the store: "INV-000042".
    public var id: String
    public var accountID: String
    public var subscriptionID: String?
    public var productID: String?
    public var kind: InvoiceKind
    public var createdAt: Date
    public var status: InvoiceStatus
    public var description: String
    public var total: Money
    public var paymentMethod: PaymentMethodSummary?
    /// Failed charge attempts so far (renewals retried during billing retry).
    public var attemptCount: Int
    /// The decline that left it open or uncollectible.
    public var failureCode: String?
    /// For a refund or a dispute, the invoice whose money it takes back.
    public var refundOf: String?
    public var lines: [InvoiceLine]

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(id: String, accountID: String, subscriptionID: String? = nil, productID: String? = nil,
                kind: InvoiceKind, createdAt: Date, status: InvoiceStatus, description: String, total: Money,
                paymentMethod: PaymentMethodSummary? = nil, attemptCount: Int, failureCode: String? = nil,
                refundOf: String? = nil, lines: [InvoiceLine]) {
        self.id = id
        self.accountID = accountID
        self.subscriptionID = subscriptionID
        self.productID = productID
        self.kind = kind
        self.createdAt = createdAt
        self.status = status
        self.description = description
        self.total = total
        self.paymentMethod = paymentMethod
        self.attemptCount = attemptCount
        self.failureCode = failureCode
        self.refundOf = refundOf
        self.lines = lines
    }
}

public enum InvoiceKind: String, Hashable, Sendable, Codable, CaseIterable {
    case subscriptionCreate = "subscription_create"
    case renewal
    case planChange = "plan_change"
    case oneTime = "one_time"
    case refund
    /// The customer's bank disputed a card charge: negative, linked to it by `refundOf`.
    case dispute
}

/// Stripe's invoice statuses plus `refunded` for a paid invoice that was refunded.
public enum InvoiceStatus: String, Hashable, Sendable, Codable, CaseIterable {
    case draft
    case open
    case paid
    case void
    case uncollectible
    case refunded
    /// A dispute whose amount the bank withdrew (an inquiry that withdrew nothing stays `open`).
    case disputed
}

public struct InvoiceLine: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case charge
        case introOffer = "intro_offer"
        case discount
        case prorationCredit = "proration_credit"
        case appliedBalance = "applied_balance"
        case balanceCredit = "balance_credit"
        case refund
        case dispute
    }

    public var kind: Kind
    public var description: String
    public var amount: Money
    public var periodStart: Date?
    public var periodEnd: Date?

    public init(kind: Kind, description: String, amount: Money, periodStart: Date? = nil, periodEnd: Date? = nil) {
        self.kind = kind
        self.description = description
        self.amount = amount
        self.periodStart = periodStart
        self.periodEnd = periodEnd
    }
}

/// What may be shown of a payment method: never the number or CVC.
public struct PaymentMethodSummary: Hashable, Sendable, Codable, CustomStringConvertible {
    public var brand: String
    public var last4: String

    public init(brand: String, last4: String) {
        self.brand = brand
        self.last4 = last4
    }

    public var description: String { last4.isEmpty ? brand : "\(brand) •••• \(last4)" }
}

extension Invoice {
    /// The end of the service period the invoice pays for, from its charge or intro-offer line as
    /// Stripe's line periods: after a subscription charge, the next billing date. Nil for one-time
    /// purchases, refunds and disputes.
    public var servicePeriodEnd: Date? {
        lines.first { $0.kind == .charge || $0.kind == .introOffer }?.periodEnd
    }
}
