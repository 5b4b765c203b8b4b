import Foundation
import GRDB

extension SubscriptionRecord {
    /// GRDB's own fetches read the row the same way.
    init(row: Row) throws {
        try self.init(storeRow: row)
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
