import Foundation
import GRDB

/// A subscription row: the public `Subscription` plus the bookkeeping the lifecycle engine needs.
struct SubscriptionRecord: StoreRecord {
    static let databaseTableName = "subscriptions"

    var id: String
    var accountID: String
    var groupID: String
    var planID: String
    var productID: String
    var state: RenewalState
    var periodType: PeriodType
    var periodStart: Date
    var periodEnd: Date
    var originalPurchase: Date
    /// Period ends are `anchor + (index + 1) × period`, computed from the anchor so month-end
    /// clamping never accumulates; the series restarts when the period length changes.
    var seriesAnchor: Date
    var seriesIndex: Int
    var introPeriodsLeft: Int
    var offerCode: String?
    var offerPeriodsLeft: Int
    var willAutoRenew: Bool
    var pendingProductID: String?
    var expirationReason: ExpirationReason?
    var revocationDate: Date?
    var revocationReason: RevocationReason?
    var billingIssueAt: Date?
    var unsubscribeAt: Date?
    var graceEndsAt: Date?
    var retryEndsAt: Date?
    var nextRetryAt: Date?
    var retryIndex: Int
    /// The renewal invoice being retried during a billing issue.
    var openInvoiceID: String?
    var paidAmount: Int64
    var currency: String
    var paymentMethodID: String?
    var cancellationReason: CancellationReason?
    /// The test clock of the account (nil: real time), copied here so the due-event index
    /// serves a clock's advance without a join.
    var clockID: String?
    /// When the lifecycle must next act (period end, retry, grace end, retry window end).
    var nextEventAt: Date?
    /// StoreKit's originalTransactionID: the first transaction of this subscription.
    var originalTransactionID: String?
    var billing: Billing
    /// A consented price increase, charged from the next renewal on (minor units).
    var priceOverride: Int64?

    var currencyValue: Currency { Currency(code: currency) ?? .usd }

    var subscription: Subscription {
        Subscription(
            id: id, accountID: accountID, groupID: groupID, planID: planID, productID: productID, state: state,
            periodType: periodType, currentPeriodStart: periodStart, currentPeriodEnd: periodEnd,
            originalPurchaseDate: originalPurchase, willAutoRenew: willAutoRenew, pendingProductID: pendingProductID,
            expirationReason: expirationReason, revocationDate: revocationDate, revocationReason: revocationReason,
            billingIssueDetectedAt: billingIssueAt, unsubscribeDetectedAt: unsubscribeAt,
            gracePeriodEndsAt: graceEndsAt, billingRetryEndsAt: retryEndsAt,
            periodAmountPaid: Money(minorUnits: paidAmount, currency: currencyValue),
            paymentMethodID: paymentMethodID, cancellationReason: cancellationReason)
    }

    /// The next instant the lifecycle has work, given the state.
    mutating func scheduleNextEvent() {
        switch state {
        case .subscribed:
            nextEventAt = periodEnd
        case .inGracePeriod, .inBillingRetryPeriod:
            let candidates = [nextRetryAt, state == .inGracePeriod ? graceEndsAt : nil, retryEndsAt].compactMap { $0 }
            nextEventAt = candidates.min()
        case .expired, .revoked:
            nextEventAt = nil
        }
    }
}
