import Foundation
import PaymentsCore

/// One auto-renewable subscription the App Store bills (`appstore_subscriptions`), keyed as
/// Apple keys it, by its original transaction: the period it is in (and where that sits in its
/// series, so monthly renewals never drift), the offers still running, the customer's renewal
/// choices, a billing issue with Apple's grace and retry, and when it next has work.
struct AppStoreSubscription: Sendable, Equatable {
    var originalTransactionID: String
    var accountID: String
    var productID: String
    var state: RenewalState
    var periodType: PeriodType
    var periodStart: Date
    var periodEnd: Date
    var originalPurchase: Date
    var seriesAnchor: Date
    var seriesIndex: Int
    var introPeriodsLeft: Int
    var offerCode: String?
    var offerPeriodsLeft: Int
    var willAutoRenew: Bool
    var pendingProductID: String?
    var expirationReason: ExpirationReason?
    var revocationDate: Date?
    var billingIssueAt: Date?
    var graceEndsAt: Date?
    var retryEndsAt: Date?
    var nextRetryAt: Date?
    var retryIndex: Int
    /// A price the customer consented to, in minor units of `currency`; it stays with its product.
    var priceOverride: Int64?
    var currency: String
    var latestTransactionID: String
    /// The customer's test clock when last looked at (nil: real time), for the due index.
    var clockID: String?
    var nextEventAt: Date?

    /// Still renewing, or trying to (not ended for good).
    var isLive: Bool { state == .subscribed || state == .inGracePeriod || state == .inBillingRetryPeriod }

    /// The next instant the App Store has work for it, given its state: the renewal at the end of
    /// the period; during a billing issue the next retry, the end of grace or of the retry window.
    mutating func scheduleNextEvent() {
        switch state {
        case .subscribed:
            nextEventAt = periodEnd
        case .inGracePeriod, .inBillingRetryPeriod:
            let candidates = [nextRetryAt, retryEndsAt, state == .inGracePeriod ? graceEndsAt : nil].compactMap { $0 }
            nextEventAt = candidates.min()
        case .expired, .revoked:
            nextEventAt = nil
        }
    }

    /// StoreKit's `Product.SubscriptionInfo.RenewalState` as App Store Server Notifications'
    /// `status` numbers it.
    var statusCode: Int {
        switch state {
        case .subscribed: 1
        case .expired: 2
        case .inBillingRetryPeriod: 3
        case .inGracePeriod: 4
        case .revoked: 5
        }
    }
}

extension AppStoreSubscription: StoreDecodable {
    init(storeRow row: some StoreRow) throws {
        let id: String = try row.get("original_transaction_id")
        func decoded<T: RawRepresentable>(_ type: T.Type, _ column: String) throws -> T where T.RawValue == String {
            let text: String = try row.get(column)
            guard let value = T(rawValue: text) else {
                throw PaymentsError.storage("appstore_subscriptions \(id) holds \(column) \"\(text)\", which the App Store never writes")
            }
            return value
        }
        let reason: String? = try row.get("expiration_reason")
        guard reason.map({ ExpirationReason(rawValue: $0) != nil }) ?? true else {
            throw PaymentsError.storage("appstore_subscriptions \(id) holds expiration_reason \"\(reason ?? "")\", which the App Store never writes")
        }
        self.init(
            originalTransactionID: id, accountID: try row.get("account_id"), productID: try row.get("product_id"),
            state: try decoded(RenewalState.self, "state"), periodType: try decoded(PeriodType.self, "period_type"),
            periodStart: try row.get("period_start"), periodEnd: try row.get("period_end"),
            originalPurchase: try row.get("original_purchase"), seriesAnchor: try row.get("series_anchor"),
            seriesIndex: try row.get("series_index"), introPeriodsLeft: try row.get("intro_periods_left"),
            offerCode: try row.get("offer_code"), offerPeriodsLeft: try row.get("offer_periods_left"),
            willAutoRenew: try row.get("will_auto_renew"), pendingProductID: try row.get("pending_product_id"),
            expirationReason: reason.flatMap(ExpirationReason.init(rawValue:)), revocationDate: try row.get("revocation_date"),
            billingIssueAt: try row.get("billing_issue_at"), graceEndsAt: try row.get("grace_ends_at"),
            retryEndsAt: try row.get("retry_ends_at"), nextRetryAt: try row.get("next_retry_at"),
            retryIndex: try row.get("retry_index"), priceOverride: try row.get("price_override"),
            currency: try row.get("currency"), latestTransactionID: try row.get("latest_transaction_id"),
            clockID: try row.get("clock_id"), nextEventAt: try row.get("next_event_at"))
    }

    /// Every column, the key first.
    var columns: StoreColumns {
        ["original_transaction_id": originalTransactionID, "account_id": accountID, "product_id": productID,
         "state": state.rawValue, "period_type": periodType.rawValue, "period_start": periodStart, "period_end": periodEnd,
         "original_purchase": originalPurchase, "series_anchor": seriesAnchor, "series_index": seriesIndex,
         "intro_periods_left": introPeriodsLeft, "offer_code": offerCode, "offer_periods_left": offerPeriodsLeft,
         "will_auto_renew": willAutoRenew, "pending_product_id": pendingProductID, "expiration_reason": expirationReason?.rawValue,
         "revocation_date": revocationDate, "billing_issue_at": billingIssueAt, "grace_ends_at": graceEndsAt,
         "retry_ends_at": retryEndsAt, "next_retry_at": nextRetryAt, "retry_index": retryIndex, "price_override": priceOverride,
         "currency": currency, "latest_transaction_id": latestTransactionID, "clock_id": clockID, "next_event_at": nextEventAt]
    }
}
