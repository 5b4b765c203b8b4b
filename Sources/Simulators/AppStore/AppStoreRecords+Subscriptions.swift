import Foundation
import PaymentsCore

/// A notification of the App Store's own in its outbox, as the merchant's endpoint is sent it.
typealias OwnNotification = (uuid: String, type: String, subtype: String?, transactionID: String?, renewalInfo: String?,
                             status: Int?, signedAt: Date)

/// One notification about a subscription, as the App Store queues it in the write that made the
/// change: its renewal info and status are those of that moment.
struct SubscriptionNotice: Sendable {
    var uuid: String
    var type: String
    var subtype: String?
    var transaction: SignedTransaction
    var renewalInfo: SignedRenewalInfo
    var status: Int
}

extension AppStoreRecords {
    func subscription(_ originalTransactionID: String) async throws -> AppStoreSubscription? {
        try await store.fetchOne(AppStoreSubscription.self, """
            SELECT * FROM appstore_subscriptions WHERE original_transaction_id = ?
            """, [originalTransactionID])
    }

    /// The account's subscriptions, most recently started first.
    func subscriptions(accountID: String) async throws -> [AppStoreSubscription] {
        try await store.fetchAll(AppStoreSubscription.self, """
            SELECT * FROM appstore_subscriptions WHERE account_id = ? ORDER BY original_purchase DESC, original_transaction_id DESC
            """, [accountID])
    }

    func insert(_ subscription: AppStoreSubscription) async throws {
        try await store.insert(into: "appstore_subscriptions", subscription.columns)
    }

    func update(_ subscription: AppStoreSubscription) async throws {
        guard try await store.update("appstore_subscriptions", subscription.columns) == 1 else {
            throw PaymentsError.storage("the App Store has no subscription \(subscription.originalTransactionID) to update")
        }
    }

    /// Writes a change decided on `read`, unless the subscription moved on since (a renewal,
    /// another change, another server's step): false then, and nothing is written.
    func update(_ subscription: AppStoreSubscription, was read: AppStoreSubscription) async throws -> Bool {
        guard try await self.subscription(read.originalTransactionID) == read else { return false }
        try await update(subscription)
        return true
    }

    /// Whether the account ever had a subscription with the App Store (intro offers are once per
    /// subscription group and Apple Account).
    func hasSubscribed(accountID: String) async throws -> Bool {
        try await store.fetchOne(Bool.self, """
            SELECT EXISTS(SELECT 1 FROM appstore_subscriptions WHERE account_id = ?)
            """, [accountID]) ?? false
    }

    /// The earliest work due on the clock (nil: real time).
    func nextDue(clockID: String?) async throws -> Date? {
        let filter = clockID == nil ? "clock_id IS NULL" : "clock_id = ?"
        return try await store.fetchOne(Int64.self, StoreSQL("""
            SELECT next_event_at FROM appstore_subscriptions WHERE \(filter) AND next_event_at IS NOT NULL
            ORDER BY next_event_at LIMIT 1
            """), StoreArguments(clockID.map { [$0] } ?? [])).map(Date.init(milliseconds:))
    }

    /// The earliest subscription due on the clock at or before `until`, whole.
    func earliestDue(clockID: String?, until: Date) async throws -> AppStoreSubscription? {
        let filter = clockID == nil ? "clock_id IS NULL" : "clock_id = ?"
        let arguments: [(any StoreValueConvertible)?] = (clockID.map { [$0] } ?? []) + [until]
        return try await store.fetchOne(AppStoreSubscription.self, StoreSQL("""
            SELECT * FROM appstore_subscriptions WHERE \(filter) AND next_event_at IS NOT NULL AND next_event_at <= ?
            ORDER BY next_event_at, original_transaction_id LIMIT 1
            """), StoreArguments(arguments))
    }

    /// The last of the merchant's events the App Store has followed clocks by (v29 set it).
    func clockEventCursor() async throws -> Int64 {
        let value = try await store.fetchOne(String.self, "SELECT value FROM appstore_state WHERE key = 'clock_event_cursor'")
        guard let cursor = value.flatMap({ Int64($0) }) else {
            throw PaymentsError.storage("appstore_state row 'clock_event_cursor' holds \(value.map { "\"\($0)\"" } ?? "nothing"), not an event number")
        }
        return cursor
    }

    /// Moves the cursor from `old` to `new`; false when another writer moved it first.
    func moveClockEventCursor(from old: Int64, to new: Int64) async throws -> Bool {
        try await store.execute("UPDATE appstore_state SET value = ? WHERE key = 'clock_event_cursor' AND value = ?",
                                [String(new), String(old)]) == 1
    }

    func moveClock(accountID: String, to clockID: String?) async throws {
        try await store.execute("UPDATE appstore_subscriptions SET clock_id = ? WHERE account_id = ?", [clockID, accountID])
    }

    /// Apple's web order line item ids: one per subscription transaction, its own counter.
    func nextWebOrderLineItemID() async throws -> String {
        let (id, overflow) = Int64(1_000_100_000_000_000).addingReportingOverflow(try await next("web_order"))
        guard !overflow else { throw PaymentsError.storage("the App Store's web order counter overflowed") }
        return String(id)
    }

    /// Keeps the token signed for a transaction kept unsigned (older than v28) that nobody read before.
    func keepToken(_ token: String, of id: String) async throws {
        try await store.execute("UPDATE appstore_transactions SET jws = ? WHERE id = ? AND jws = ''", [token, id])
    }

    /// Replaces the token of a transaction not revoked yet (upgraded: `isUpgraded`; refunded:
    /// revoked); false when another writer revoked it first.
    @discardableResult
    func resign(_ transaction: SignedTransaction, payloadJSON: String) async throws -> Bool {
        let payload = transaction.payload
        return try await store.execute("""
            UPDATE appstore_transactions SET revocation_date = ?, jws = ?, payload = ? WHERE id = ? AND revocation_date IS NULL
            """, [payload.revocationDate, try transaction.jws, payloadJSON, payload.transactionId]) == 1
    }

    /// Queues a notification about a subscription, with its renewal info and status as they stand.
    func queue(_ notice: SubscriptionNotice, subscription: AppStoreSubscription, at now: Date, sentFrom systemNow: Date) async throws {
        try await queueNotification(notice.uuid, notice.type, subtype: notice.subtype, accountID: subscription.accountID,
                                    subscriptionID: subscription.originalTransactionID,
                                    transactionID: notice.transaction.payload.transactionId, renewalInfo: notice.renewalInfo.jws,
                                    status: notice.status, at: now, sentFrom: systemNow)
    }

    /// The App Store's own notifications the merchant's endpoint has not taken yet, in the order
    /// they were written (each customer's clock runs on its own, so `created_at` is no order);
    /// or, for a transaction the merchant has not booked, every one about it, taken or not.
    func undeliveredToMerchant(about transactionID: String? = nil) async throws -> [OwnNotification] {
        let which = transactionID == nil ? "merchant_delivered_at IS NULL" : "transaction_id = ?"
        return try await store.fetchAll(StoredRow.self, StoreSQL("""
            SELECT uuid, type, subtype, transaction_id, signed_renewal_info, status, signed_at FROM store_notifications
            WHERE event_id IS NULL AND \(which) AND type <> 'TEST' ORDER BY id
            """), StoreArguments(transactionID.map { [$0] } ?? [])).map { row in
            (try row.get("uuid"), try row.get("type"), try row.get("subtype"), try row.get("transaction_id"),
             try row.get("signed_renewal_info"), try row.get("status"), try Self.signedAt(row))
        }
    }

    /// When the notification was queued: every delivery is signed with it (see v28).
    static func signedAt(_ row: StoredRow) throws -> Date {
        guard let date = try row.get("signed_at", as: Date?.self) else {
            throw PaymentsError.storage("store_notifications.signed_at is empty for \(try row.get("uuid") as String)")
        }
        return date
    }

    func markDeliveredToMerchant(_ uuid: String, at systemNow: Date) async throws {
        try await store.execute("UPDATE store_notifications SET merchant_delivered_at = ? WHERE uuid = ?", [systemNow, uuid])
    }
}
