import Foundation

/// A subscription row: the public `Subscription` plus the bookkeeping the lifecycle engine needs.
struct SubscriptionRecord {
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
    /// Set on a mirror of a subscription the App Store bills and renews (learned from its
    /// notifications): the `signedDate` of the last notification applied. The merchant never
    /// schedules, charges or changes a mirror itself.
    var mirrorSignedAt: Date? = nil

    var isAppStoreMirror: Bool { mirrorSignedAt != nil }

    /// Whether it gives access at `now`: its state says so and, for a mirror, the App Store's
    /// signed expiry (or grace end) has not passed, so a late or lost notification never extends it.
    func entitles(at now: Date) -> Bool {
        guard subscription.isEntitled else { return false }
        guard isAppStoreMirror else { return true }
        return now < accessEndsAt
    }

    /// When access ends as things stand: the grace period's end while in one, else the period's.
    var accessEndsAt: Date { state == .inGracePeriod ? graceEndsAt ?? periodEnd : periodEnd }

    var currencyValue: Currency { Currency(code: currency) ?? .usd }

    /// Who bills it: the merchant, or the App Store (a mirror, known there by its original
    /// transaction, which a mirror always names).
    var billingParty: BillingParty {
        get throws {
            guard isAppStoreMirror else { return .merchant }
            guard let originalTransactionID else {
                throw PaymentsError.storage("store-billed subscription \(id) names no original transaction")
            }
            return .appStore(transactionID: originalTransactionID)
        }
    }

    /// What the terms calculator needs to decide the next period.
    var standing: TermsCalculator.Standing {
        TermsCalculator.Standing(productID: productID, pendingProductID: pendingProductID, periodType: periodType,
                                 introPeriodsLeft: introPeriodsLeft, offerCode: offerCode, offerPeriodsLeft: offerPeriodsLeft,
                                 priceOverride: priceOverride, seriesAnchor: seriesAnchor, seriesIndex: seriesIndex,
                                 currency: currencyValue)
    }

    /// Writes every column back with one statement: the lifecycle engine does this once per
    /// step, and GRDB's Codable update (a persistence container per call, then the statement
    /// looked up again) was about a seventh of a renewal in the profile.
    func update(in store: any StoreTransaction) async throws {
        try await store.update(Self.databaseTableName, columns)
    }

    func insert(into store: any StoreTransaction) async throws {
        try await store.insert(into: Self.databaseTableName, columns)
    }

    /// Every column, the key first.
    private var columns: StoreColumns {
        ["id": id, "account_id": accountID, "group_id": groupID, "plan_id": planID, "product_id": productID,
         "state": state.rawValue, "period_type": periodType.rawValue, "period_start": periodStart, "period_end": periodEnd,
         "original_purchase": originalPurchase, "series_anchor": seriesAnchor, "series_index": seriesIndex,
         "intro_periods_left": introPeriodsLeft, "offer_code": offerCode, "offer_periods_left": offerPeriodsLeft,
         "will_auto_renew": willAutoRenew, "pending_product_id": pendingProductID, "expiration_reason": expirationReason?.rawValue,
         "revocation_date": revocationDate, "revocation_reason": revocationReason?.rawValue, "billing_issue_at": billingIssueAt,
         "unsubscribe_at": unsubscribeAt, "grace_ends_at": graceEndsAt, "retry_ends_at": retryEndsAt,
         "next_retry_at": nextRetryAt, "retry_index": retryIndex, "open_invoice_id": openInvoiceID, "paid_amount": paidAmount,
         "currency": currency, "payment_method_id": paymentMethodID, "cancellation_reason": cancellationReason?.rawValue,
         "clock_id": clockID, "next_event_at": nextEventAt, "original_transaction_id": originalTransactionID,
         "billing": billing.rawValue, "price_override": priceOverride, "mirror_signed_at": mirrorSignedAt]
    }

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
        guard !isAppStoreMirror else {
            nextEventAt = nil
            return
        }
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

extension SubscriptionRecord: StoreDecodable {
    /// Reads the columns by name instead of through GRDB's Codable decoder: the renewal engine
    /// reads a batch of due subscriptions for every batch of steps (at full size, one row per
    /// step), and the Codable path costs a decoding container and a key conversion per column.
    /// Decodes exactly what the Codable path wrote: dates as milliseconds, enums as raw values.
    init(storeRow row: some StoreRow) throws {
        id = try row.get("id")
        accountID = try row.get("account_id")
        groupID = try row.get("group_id")
        planID = try row.get("plan_id")
        productID = try row.get("product_id")
        state = try Self.raw(RenewalState.self, row, "state")
        periodType = try Self.raw(PeriodType.self, row, "period_type")
        periodStart = try row.get("period_start")
        periodEnd = try row.get("period_end")
        originalPurchase = try row.get("original_purchase")
        seriesAnchor = try row.get("series_anchor")
        seriesIndex = try row.get("series_index")
        introPeriodsLeft = try row.get("intro_periods_left")
        offerCode = try row.get("offer_code")
        offerPeriodsLeft = try row.get("offer_periods_left")
        willAutoRenew = try row.get("will_auto_renew")
        pendingProductID = try row.get("pending_product_id")
        expirationReason = try Self.rawIfPresent(ExpirationReason.self, row, "expiration_reason")
        revocationDate = try row.get("revocation_date") as Date?
        revocationReason = try Self.rawIfPresent(RevocationReason.self, row, "revocation_reason")
        billingIssueAt = try row.get("billing_issue_at") as Date?
        unsubscribeAt = try row.get("unsubscribe_at") as Date?
        graceEndsAt = try row.get("grace_ends_at") as Date?
        retryEndsAt = try row.get("retry_ends_at") as Date?
        nextRetryAt = try row.get("next_retry_at") as Date?
        retryIndex = try row.get("retry_index")
        openInvoiceID = try row.get("open_invoice_id")
        paidAmount = try row.get("paid_amount")
        currency = try row.get("currency")
        paymentMethodID = try row.get("payment_method_id")
        cancellationReason = try Self.rawIfPresent(CancellationReason.self, row, "cancellation_reason")
        clockID = try row.get("clock_id")
        nextEventAt = try row.get("next_event_at") as Date?
        originalTransactionID = try row.get("original_transaction_id")
        billing = try Self.raw(Billing.self, row, "billing")
        priceOverride = try row.get("price_override")
        mirrorSignedAt = try row.get("mirror_signed_at") as Date?
    }

    private static func raw<Value: RawRepresentable>(_ type: Value.Type, _ row: some StoreRow, _ column: String) throws -> Value
    where Value.RawValue == String {
        try row.storedValue(type, table: databaseTableName, column: column)
    }

    private static func rawIfPresent<Value: RawRepresentable>(_ type: Value.Type, _ row: some StoreRow,
                                                              _ column: String) throws -> Value?
    where Value.RawValue == String {
        try row.storedValueIfPresent(type, table: databaseTableName, column: column)
    }
}
