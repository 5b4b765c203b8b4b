import Foundation
import GRDB

extension SubscriptionRecord {
    /// Reads the columns by name instead of through GRDB's Codable decoder: the renewal engine
    /// reads a batch of due subscriptions for every batch of steps (at full size, one row per
    /// step), and the Codable path costs a decoding container and a key conversion per column.
    /// Decodes exactly what the Codable path wrote: dates as milliseconds, enums as raw values.
    init(row: Row) throws {
        id = try row.decode(forColumn: "id")
        accountID = try row.decode(forColumn: "account_id")
        groupID = try row.decode(forColumn: "group_id")
        planID = try row.decode(forColumn: "plan_id")
        productID = try row.decode(forColumn: "product_id")
        state = try Self.raw(RenewalState.self, row, "state")
        periodType = try Self.raw(PeriodType.self, row, "period_type")
        periodStart = try Self.date(row, "period_start")
        periodEnd = try Self.date(row, "period_end")
        originalPurchase = try Self.date(row, "original_purchase")
        seriesAnchor = try Self.date(row, "series_anchor")
        seriesIndex = try row.decode(forColumn: "series_index")
        introPeriodsLeft = try row.decode(forColumn: "intro_periods_left")
        offerCode = try row.decode(forColumn: "offer_code")
        offerPeriodsLeft = try row.decode(forColumn: "offer_periods_left")
        willAutoRenew = try row.decode(forColumn: "will_auto_renew")
        pendingProductID = try row.decode(forColumn: "pending_product_id")
        expirationReason = try Self.rawIfPresent(ExpirationReason.self, row, "expiration_reason")
        revocationDate = try Self.dateIfPresent(row, "revocation_date")
        revocationReason = try Self.rawIfPresent(RevocationReason.self, row, "revocation_reason")
        billingIssueAt = try Self.dateIfPresent(row, "billing_issue_at")
        unsubscribeAt = try Self.dateIfPresent(row, "unsubscribe_at")
        graceEndsAt = try Self.dateIfPresent(row, "grace_ends_at")
        retryEndsAt = try Self.dateIfPresent(row, "retry_ends_at")
        nextRetryAt = try Self.dateIfPresent(row, "next_retry_at")
        retryIndex = try row.decode(forColumn: "retry_index")
        openInvoiceID = try row.decode(forColumn: "open_invoice_id")
        paidAmount = try row.decode(forColumn: "paid_amount")
        currency = try row.decode(forColumn: "currency")
        paymentMethodID = try row.decode(forColumn: "payment_method_id")
        cancellationReason = try Self.rawIfPresent(CancellationReason.self, row, "cancellation_reason")
        clockID = try row.decode(forColumn: "clock_id")
        nextEventAt = try Self.dateIfPresent(row, "next_event_at")
        originalTransactionID = try row.decode(forColumn: "original_transaction_id")
        billing = try Self.raw(Billing.self, row, "billing")
        priceOverride = try row.decode(forColumn: "price_override")
    }

    private static func date(_ row: Row, _ column: String) throws -> Date { try row.storedDate(column) }

    private static func dateIfPresent(_ row: Row, _ column: String) throws -> Date? { try row.storedDateIfPresent(column) }

    private static func raw<Value: RawRepresentable>(_ type: Value.Type, _ row: Row, _ column: String) throws -> Value
    where Value.RawValue == String {
        try row.storedValue(type, table: databaseTableName, column: column)
    }

    private static func rawIfPresent<Value: RawRepresentable>(_ type: Value.Type, _ row: Row,
                                                              _ column: String) throws -> Value?
    where Value.RawValue == String {
        try row.storedValueIfPresent(type, table: databaseTableName, column: column)
    }
}
