import Foundation

/// Apple's rules: to a higher rank is an upgrade (immediate, unused time credited pro rata), to
/// a lower rank a downgrade (at the next renewal); within a rank a crossgrade, immediate when the
/// billing period is the same and at renewal otherwise.
public enum PlanChangeKind: String, Hashable, Sendable, Codable {
    case upgrade, downgrade, crossgrade
}

public enum PlanChangeTiming: Hashable, Sendable, Codable {
    case immediate
    case atRenewal(Date)
}

/// What a plan change would do, computed by the same code that applies it.
public struct PlanChangePreview: Hashable, Sendable, Codable {
    public var subscriptionID: String
    public var fromProductID: String
    public var toProductID: String
    public var kind: PlanChangeKind
    public var timing: PlanChangeTiming
    /// The new product's price for its first period.
    public var newPrice: Money
    /// Unused time of the current period, rounded toward zero, never more than was paid.
    public var creditForUnusedTime: Money
    /// Customer balance applied to the charge.
    public var appliedBalance: Money
    public var chargeNow: Money
    /// Credit left over when it exceeds the new price; kept as customer balance.
    public var balanceAfter: Money
    public var nextChargeDate: Date
    public var nextChargeAmount: Money

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(subscriptionID: String, fromProductID: String, toProductID: String, kind: PlanChangeKind,
                timing: PlanChangeTiming, newPrice: Money, creditForUnusedTime: Money, appliedBalance: Money,
                chargeNow: Money, balanceAfter: Money, nextChargeDate: Date, nextChargeAmount: Money) {
        self.subscriptionID = subscriptionID
        self.fromProductID = fromProductID
        self.toProductID = toProductID
        self.kind = kind
        self.timing = timing
        self.newPrice = newPrice
        self.creditForUnusedTime = creditForUnusedTime
        self.appliedBalance = appliedBalance
        self.chargeNow = chargeNow
        self.balanceAfter = balanceAfter
        self.nextChargeDate = nextChargeDate
        self.nextChargeAmount = nextChargeAmount
    }
}

public struct PlanChangeRequest: Hashable, Sendable, Codable {
    public var subscriptionID: String
    public var toProductID: String
    public var idempotencyKey: String?

    public init(subscriptionID: String, toProductID: String, idempotencyKey: String? = nil) {
        self.subscriptionID = subscriptionID
        self.toProductID = toProductID
        self.idempotencyKey = idempotencyKey
    }
}

public enum PlanChangeOutcome: Hashable, Sendable, Codable {
    case changed(subscription: Subscription, invoice: Invoice)
    case scheduled(subscription: Subscription)
    case declined(reason: DeclineReason, invoice: Invoice)
}

public struct RefundOutcome: Hashable, Sendable, Codable {
    public var refund: Invoice
    public var original: Invoice
    public var revokedSubscription: Subscription?

    /// Every stored property, in order: the memberwise initializer, public so a client of a
    /// remote core can build the value it received.
    public init(refund: Invoice, original: Invoice, revokedSubscription: Subscription? = nil) {
        self.refund = refund
        self.original = original
        self.revokedSubscription = revokedSubscription
    }
}

/// Filters for billing history.
public struct InvoiceQuery: Hashable, Sendable, Codable {
    public var status: InvoiceStatus?
    public var year: Int?
    public var cursor: String?
    public var limit: Int

    public init(status: InvoiceStatus? = nil, year: Int? = nil, cursor: String? = nil, limit: Int = 50) {
        self.status = status
        self.year = year
        self.cursor = cursor
        self.limit = limit
    }
}
