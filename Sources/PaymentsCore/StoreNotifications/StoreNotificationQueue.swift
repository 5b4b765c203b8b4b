import Foundation

/// The simulated App Store's server notifications (V2): collected from the event table after
/// the fact, as Apple's server learns of changes, signed, and retried on Apple's schedule.
struct StoreNotificationQueue: Rules {
    let work: UnitOfWork

    /// Apple retries a notification 1, 12, 24, 48 and 72 hours after the first attempt.
    static let notificationRetryHours = [1, 12, 24, 48, 72]

    /// Turns the store events not looked at yet into notifications for what the App Store bills
    /// (store-account subscriptions and purchases). Keyed by event id: collecting twice, or from
    /// two processes, records each notification once. So it reads every event in its snapshot,
    /// even those held back behind a transaction still running (`EventFeedOrder`), and moves its
    /// cursor past the settled ones only: an event committed late behind them is read next time.
    func collectStoreNotifications() async throws -> Int {
        let cursor = try await store.fetchOne(Int64.self, """
            SELECT CAST(value AS BIGINT) FROM meta WHERE key = 'notification_cursor'
            """) ?? 0
        let rows = try await store.fetchAll(StoredRow.self, EventFeedOrder.sql { feed in """
            SELECT seq, account_id, type, at, subscription_id, invoice_id, detail, \(feed.settled()) AS settled FROM events
            WHERE \(feed.after(settledOnly: false)) ORDER BY \(feed.ascending()) LIMIT 5000
            """ }, [cursor, cursor])
        // The App Store queues the ONE_TIME_CHARGE of each sale and the REFUND of each refund of
        // one itself since migration v26, and every notification about its subscriptions since
        // v27; earlier events of the in-core store's purchases and subscriptions are notified here.
        let sheetQueuesFrom = try await legacyEnd("legacy_event_end")
        let appStoreQueuesFrom = try await legacyEnd("legacy_subscription_event_end")
        var added = 0
        var settledUpTo: Int64?
        for row in rows {
            if try row.get("settled", as: Bool.self) { settledUpTo = try row.get("seq") }
            guard let type = StoreEventType(rawValue: try row.get("type")) else { continue }
            let subscriptionID = try row.get("subscription_id", as: String?.self)
            let invoiceID = try row.get("invoice_id", as: String?.self)
            let detail = try row.get("detail", as: String?.self)
            let at: Int64 = try row.get("at")
            let seq: Int64 = try row.get("seq")
            if seq > appStoreQueuesFrom { continue }
            if type == .purchaseCompleted || (type == .refunded && subscriptionID == nil), seq > sheetQueuesFrom { continue }
            guard let kind = try await notificationKind(type, subscriptionID: subscriptionID, at: at, detail: detail),
                  try await billedByStore(subscriptionID: subscriptionID, invoiceID: invoiceID, detail: detail, type: type)
            else { continue }
            let transactionID = try await notifiedTransaction(subscriptionID: subscriptionID, invoiceID: invoiceID,
                                                              detail: detail, type: type, at: at)
            if try await insertNotification(kind, eventID: seq, accountID: try row.get("account_id"),
                                            subscriptionID: subscriptionID, transactionID: transactionID,
                                            at: Date(milliseconds: at)) != nil {
                added += 1
            }
        }
        if let settledUpTo {
            try await store.execute("""
                INSERT INTO meta(key, value) VALUES ('notification_cursor', ?)
                ON CONFLICT(key) DO UPDATE SET value = excluded.value
                """, [String(settledUpTo)])
        }
        return added
    }

    /// The last event of the merchant's that the collector notifies of a kind (see the migration
    /// that recorded it).
    private func legacyEnd(_ key: String) async throws -> Int64 {
        let end = try await store.fetchOne(String.self, "SELECT value FROM appstore_state WHERE key = ?", [key])
        guard let seq = end.flatMap({ Int64($0) }) else {
            throw PaymentsError.storage("appstore_state row '\(key)' holds \(end.map { "\"\($0)\"" } ?? "nothing"), not an event number")
        }
        return seq
    }

    /// App Store Connect's "Request a Test Notification".
    func enqueueTestNotification() async throws -> StoreNotification {
        guard let uuid = try await insertNotification(.test, eventID: nil, accountID: nil, subscriptionID: nil, transactionID: nil,
                                                      at: systemNow) else {
            throw PaymentsError.storage("the test notification was not stored")
        }
        return try await storeNotifications().first { $0.uuid == uuid }
            ?? { throw PaymentsError.storage("the test notification \(uuid) was not stored") }()
    }

    func storeNotifications() async throws -> [StoreNotification] {
        try await store.fetchAll(StoredRow.self, "SELECT * FROM store_notifications ORDER BY created_at, id").map(Self.notification)
    }

    func dueStoreNotifications() async throws -> [StoreNotification] {
        try await store.fetchAll(StoredRow.self, """
            SELECT * FROM store_notifications WHERE delivered_at IS NULL AND next_attempt_at <= ? ORDER BY created_at, id
            """, [systemNow]).map(Self.notification)
    }

    /// The notification as Apple sends it: its payload signed with the App Store's chain, carrying the
    /// transaction and (for a subscription) the renewal info, each signed too. Its `signedDate` is
    /// when it was queued, on every delivery: a receiver ordering by it (the merchant's mirror
    /// does) never takes a retry, or a delivery by another server, for news.
    func signedPayload(of notification: StoreNotification) async throws -> (payload: StoreNotificationPayload, jws: String) {
        var transactionJWS: String?
        if let id = notification.transactionID {
            // A notification the App Store queued itself carries its own copy of the transaction,
            // which the merchant may not have booked yet; one collected from the merchant's events
            // (the in-core store's, before v26 and v27) the merchant's copy. A copy the App Store
            // has not signed yet (one the in-core store left unsigned) goes as the merchant's
            // token of the same bytes, also signed with the App Store's chain.
            let ownCopy = try await store.fetchOne(String.self, """
                SELECT a.jws FROM appstore_transactions a JOIN store_notifications n ON n.transaction_id = a.id
                WHERE n.uuid = ? AND n.event_id IS NULL AND a.jws <> ''
                """, [notification.uuid])
            if let ownCopy {
                transactionJWS = ownCopy
            } else if let record = try await store.fetchOne(TransactionRecord.self, "SELECT * FROM transactions WHERE id = ?", [id]) {
                transactionJWS = try await transactionIssuer.token(of: record)
            }
        }
        var renewal: String?
        var status: Int?
        if let signed = try await store.fetchOne(StoredRow.self, """
            SELECT signed_renewal_info, status FROM store_notifications WHERE uuid = ? AND event_id IS NULL AND signed_renewal_info IS NOT NULL
            """, [notification.uuid]) {
            // The App Store's own notification about its subscription: the renewal info and
            // status as they were when it happened.
            renewal = try signed.get("signed_renewal_info")
            status = try signed.get("status")
        } else if let subscriptionID = notification.subscriptionID, let accountID = notification.accountID {
            renewal = try await transactionIssuer.signedRenewalInfo(accountID: accountID).first { $0.subscriptionID == subscriptionID }?.jws
            status = try await subscriptionStatusCode(subscriptionID)
        }
        let payload = StoreNotificationPayload(
            notificationType: notification.kind.type, subtype: notification.kind.subtype,
            notificationUUID: notification.uuid,
            data: .init(bundleId: catalog.signingBundleID, bundleVersion: "1.0", environment: catalog.signingEnvironment,
                        signedTransactionInfo: transactionJWS, signedRenewalInfo: renewal, status: status),
            version: "2.0", signedDate: try await queuedAt(notification.uuid))
        let encoded: Data
        do {
            encoded = try TransactionJSONCoding.makeEncoder().encode(payload)
        } catch {
            throw PaymentsError.storage("notification \(notification.uuid) cannot be encoded: \(error)")
        }
        return (payload, try transactionIssuer.sign(encoded: encoded, by: .appStore))
    }

    private func queuedAt(_ uuid: String) async throws -> Date {
        guard let row = try await store.fetchOne(StoredRow.self, "SELECT signed_at FROM store_notifications WHERE uuid = ?", [uuid]),
              let queued = try row.get("signed_at", as: Date?.self) else {
            throw PaymentsError.storage("store_notifications.signed_at is empty for \(uuid)")
        }
        return queued
    }

    /// Records one attempt: delivered, or due again on Apple's schedule until it gives up.
    func recordNotificationAttempt(_ uuid: String, delivered: Bool, error: String?) async throws {
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

    private func notificationKind(_ type: StoreEventType, subscriptionID: String?, at: Int64,
                                  detail: String?) async throws -> StoreNotificationKind? {
        if type == .purchaseCompleted, subscriptionID != nil { return nil }  // SUBSCRIBED says it
        var resubscribe = false
        if type == .subscriptionStarted, let subscriptionID {
            resubscribe = try await store.fetchOne(Bool.self, """
                SELECT EXISTS(SELECT 1 FROM subscriptions s JOIN subscriptions t ON t.account_id = s.account_id
                              WHERE s.id = ? AND t.id != s.id AND t.original_purchase < s.original_purchase)
                """, [subscriptionID]) ?? false
        }
        var afterFailedRenewal = false
        if type == .billingRetryStarted, let subscriptionID {
            afterFailedRenewal = try await store.fetchOne(Bool.self, """
                SELECT EXISTS(SELECT 1 FROM events WHERE type = ? AND subscription_id = ? AND at = ?)
                """, [StoreEventType.renewalFailed.rawValue, subscriptionID, at]) ?? false
        }
        return StoreNotificationKind.of(type, detail: detail, resubscribe: resubscribe, afterFailedRenewal: afterFailedRenewal)
    }

    /// Only what the App Store billed is the App Store's to notify; card purchases are not.
    private func billedByStore(subscriptionID: String?, invoiceID: String?, detail: String?,
                               type: StoreEventType) async throws -> Bool {
        if let subscriptionID {
            return try await store.fetchOne(String.self, "SELECT billing FROM subscriptions WHERE id = ?",
                                            [subscriptionID]) == Billing.store.rawValue
        }
        // A refund event names the refund invoice; its detail is the refunded one.
        let purchaseInvoice = type == .refunded ? detail : invoiceID
        guard let purchaseInvoice else { return false }
        return try await store.fetchOne(String.self, "SELECT billing FROM purchases WHERE invoice_id = ?",
                                        [purchaseInvoice]) == Billing.store.rawValue
    }

    /// The transaction the notification is about, as it stood at the event.
    private func notifiedTransaction(subscriptionID: String?, invoiceID: String?, detail: String?,
                                     type: StoreEventType, at: Int64) async throws -> String? {
        if let subscriptionID {
            return try await store.fetchOne(String.self, """
                SELECT id FROM transactions WHERE subscription_id = ? AND purchase_date <= ?
                ORDER BY purchase_date DESC, id DESC LIMIT 1
                """, [subscriptionID, at])
        }
        let purchaseInvoice = type == .refunded ? detail : invoiceID
        guard let purchaseInvoice else { return nil }
        return try await store.fetchOne(String.self, "SELECT id FROM transactions WHERE invoice_id = ? ORDER BY id LIMIT 1",
                                        [purchaseInvoice])
    }

    @discardableResult
    /// The new notification's UUID; nil when its event already has one.
    private func insertNotification(_ kind: StoreNotificationKind, eventID: Int64?, accountID: String?,
                                    subscriptionID: String?, transactionID: String?, at: Date) async throws -> String? {
        let uuid = random.uuid().uuidString
        let inserted = try await store.execute("""
            INSERT INTO store_notifications(uuid, event_id, account_id, type, subtype, subscription_id, transaction_id,
                                            created_at, next_attempt_at, signed_at)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT(event_id) DO NOTHING
            """, [uuid, eventID, accountID, kind.type, kind.subtype, subscriptionID, transactionID, at, systemNow, systemNow])
        return inserted > 0 ? uuid : nil
    }

    private func subscriptionStatusCode(_ id: String) async throws -> Int? {
        guard let row = try await store.fetchOne(StoredRow.self, "SELECT state FROM subscriptions WHERE id = ?", [id]) else {
            return nil
        }
        let state = try row.storedValue(RenewalState.self, table: "subscriptions", column: "state")
        switch state {
        case .subscribed: return 1
        case .expired: return 2
        case .inBillingRetryPeriod: return 3
        case .inGracePeriod: return 4
        case .revoked: return 5
        }
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
