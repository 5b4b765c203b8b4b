import Foundation
import PaymentsCore

/// The notification outbox (`store_notifications`): what was queued, what is due, and each
/// attempt to post it on Apple's retry schedule.
extension AppStoreRecords {
    /// Apple retries a notification 1, 12, 24, 48 and 72 hours after the first attempt.
    static let notificationRetryHours = [1, 12, 24, 48, 72]

    func notifications() async throws -> [StoreNotification] {
        try await store.fetchAll(StoredRow.self, "SELECT * FROM store_notifications ORDER BY created_at, id").map(Self.notification)
    }

    func notification(_ uuid: String) async throws -> StoreNotification? {
        try await store.fetchOne(StoredRow.self, "SELECT * FROM store_notifications WHERE uuid = ?", [uuid]).map(Self.notification)
    }

    func dueNotifications(at systemNow: Date) async throws -> [StoreNotification] {
        try await store.fetchAll(StoredRow.self, """
            SELECT * FROM store_notifications WHERE delivered_at IS NULL AND next_attempt_at <= ? ORDER BY created_at, id
            """, [systemNow]).map(Self.notification)
    }

    /// What a notification is signed with besides its row: the renewal info and status it was
    /// queued with (a subscription's notification the App Store queued itself) and when.
    func outboxEntry(_ uuid: String) async throws -> (renewalInfo: String?, status: Int?, signedAt: Date)? {
        try await store.fetchOne(StoredRow.self, """
            SELECT uuid, signed_renewal_info, status, signed_at FROM store_notifications WHERE uuid = ?
            """, [uuid]).map { row in (try row.get("signed_renewal_info"), try row.get("status"), try Self.signedAt(row)) }
    }

    /// Queues a notification for the notification URL (and, but for TEST, for the merchant's
    /// endpoint, which `undeliveredToMerchant` lists until it has it): about a sale or its refund,
    /// about a subscription (its renewal info and status at the time), or about nothing (TEST).
    func queueNotification(_ uuid: String, _ type: String, subtype: String? = nil, accountID: String? = nil,
                           subscriptionID: String? = nil, transactionID: String? = nil, renewalInfo: String? = nil,
                           status: Int? = nil, at now: Date, sentFrom systemNow: Date) async throws {
        try await store.execute("""
            INSERT INTO store_notifications(uuid, account_id, type, subtype, subscription_id, transaction_id, created_at,
                                            next_attempt_at, signed_renewal_info, status, signed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
            """, [uuid, accountID, type, subtype, subscriptionID, transactionID, now, systemNow, renewalInfo, status, systemNow])
    }

    /// Records one attempt: delivered, or due again on Apple's schedule until it gives up.
    func recordAttempt(_ uuid: String, delivered: Bool, error: String?, at systemNow: Date) async throws {
        guard let row = try await store.fetchOne(StoredRow.self, """
            SELECT attempts, first_attempt_at FROM store_notifications WHERE uuid = ?
            """, [uuid]) else { return }
        let now = try systemNow.milliseconds
        let attempts: Int = try row.get("attempts")
        let first: Int64 = try row.get("first_attempt_at", as: Int64?.self) ?? now
        if delivered {
            try await store.execute("""
                UPDATE store_notifications SET attempts = ?, first_attempt_at = ?, delivered_at = ?, last_error = NULL
                WHERE uuid = ?
                """, [attempts + 1, first, now, uuid])
            return
        }
        let retries = Self.notificationRetryHours
        let next: Int64? = attempts < retries.count ? first + Int64(retries[attempts]) * 3_600_000 : nil
        try await store.execute("""
            UPDATE store_notifications SET attempts = ?, first_attempt_at = ?, next_attempt_at = ?, last_error = ?
            WHERE uuid = ?
            """, [attempts + 1, first, next ?? Int64.max, error, uuid])
    }

    private static func notification(_ row: StoredRow) throws -> StoreNotification {
        let next: Int64 = try row.get("next_attempt_at")
        return StoreNotification(
            uuid: try row.get("uuid"), kind: StoreNotificationKind(try row.get("type"), try row.get("subtype")),
            accountID: try row.get("account_id"), subscriptionID: try row.get("subscription_id"),
            transactionID: try row.get("transaction_id"), createdAt: try row.get("created_at"),
            attempts: try row.get("attempts"), nextAttemptAt: next == Int64.max ? nil : Date(milliseconds: next),
            deliveredAt: try row.get("delivered_at", as: Date?.self), lastError: try row.get("last_error"))
    }
}
