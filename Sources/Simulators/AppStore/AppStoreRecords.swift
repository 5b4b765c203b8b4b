import Foundation
import PaymentsCore

/// How a sheet's request was answered (`appstore_pending_actions.resolution`); nil while waiting.
enum RequestResolution {
    static let approved = "approved"
    static let declined = "declined"
}

/// A sale in the App Store's records.
struct RecordedSale {
    var accountID: String
    var payload: TransactionPayload
    /// Empty for a sale older than v28 whose token nobody read yet.
    var jws: String
    /// The payload's bytes as signed (or to be signed); nil for a row kept as its token only.
    var payloadJSON: String?
}

/// The App Store's own tables in one transaction of the store's database: its counters and
/// switches, the sheet's requests, what it sold, the purchase requests it answered by key, the
/// device's receipt queue (table `sync_queue`) and its notification outbox (`store_notifications`). No
/// merchant table is read or written here.
struct AppStoreRecords {
    let store: any StoreTransaction

    init(_ store: any StoreTransaction) {
        self.store = store
    }

    /// Apple's ids: its transactions from 2,000,100,000,000,001 (past every id the merchant
    /// numbered for App Store sales before v27), its requests `skpend_000001`.
    func nextTransactionID() async throws -> String {
        let (id, overflow) = Int64(2_000_100_000_000_000).addingReportingOverflow(try await next("transaction"))
        guard !overflow else { throw PaymentsError.storage("the App Store's transaction counter overflowed") }
        return String(id)
    }

    private func nextPendingID() async throws -> String {
        let number = String(try await next("pending"))
        return "skpend_" + String(repeating: "0", count: max(0, 6 - number.count)) + number
    }

    /// On PostgreSQL a sequence object per counter (`appstore_seq_<name>`), so that concurrent
    /// sales on several servers never conflict on one row, as the merchant's counters.
    func next(_ name: String) async throws -> Int64 {
        guard let value = try await store.fetchOne(Int64.self, StoreSQL(sqlite: """
            INSERT INTO appstore_sequences(name, value) VALUES (?, 1)
            ON CONFLICT(name) DO UPDATE SET value = appstore_sequences.value + 1 RETURNING value
            """, postgres: "SELECT nextval(CAST('appstore_seq_' || ? AS regclass))"), [name]) else {
            throw PaymentsError.storage("the App Store's \(name) counter did not advance")
        }
        return value
    }

    /// Every sale, subscription, request and keyed answer gone, with the device's unfinished
    /// receipts and the notifications not sent yet (the counters carry on: Apple's ids never repeat).
    func clearAll() async throws {
        for table in ["appstore_subscriptions", "appstore_transactions", "appstore_pending_actions", "appstore_purchase_keys",
                      "sync_queue"] {
            try await store.execute(StoreSQL("DELETE FROM \(table)"))
        }
        try await store.execute("""
            DELETE FROM store_notifications WHERE delivered_at IS NULL AND event_id IS NULL AND type <> 'TEST'
            """)
        // What was sent to the notification URL stays listed, but is about nothing any more.
        try await store.execute("""
            UPDATE store_notifications SET merchant_delivered_at = created_at WHERE merchant_delivered_at IS NULL
            """)
    }

    // MARK: Switches

    /// The App Store's switches; a row that cannot be read is an error, never the defaults (a
    /// corrupt row must not silently turn ask to buy or an armed fault off).
    func controls() async throws -> AppStoreControls {
        guard let json = try await store.fetchOne(String.self, "SELECT value FROM appstore_state WHERE key = 'controls'") else {
            return AppStoreControls()
        }
        do {
            return try JSONDecoder().decode(AppStoreControls.self, from: Data(json.utf8))
        } catch {
            throw PaymentsError.storage("the App Store's controls (appstore_state row 'controls') cannot be read: \(error)")
        }
    }

    func saveControls(_ controls: AppStoreControls) async throws {
        try await store.execute("""
            INSERT INTO appstore_state(key, value) VALUES ('controls', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value
            """, [String(decoding: try JSONEncoder().encode(controls), as: UTF8.self)])
    }

    // MARK: Keyed requests

    /// What the App Store did with a keyed request: left it waiting on the sheet, or sold it.
    enum KeyedAnswer {
        case pending(String)
        case sold(transactionID: String)
    }

    /// The answer kept under the request's key, nil for a key never used; the same key with
    /// another request is refused, never taken for a retry.
    func keyedAnswer(_ request: StorePurchaseRequest) async throws -> KeyedAnswer? {
        guard let key = request.idempotencyKey, !key.isEmpty else { return nil }
        guard let row = try await store.fetchOne(StoredRow.self, """
            SELECT request, pending_id, transaction_id FROM appstore_purchase_keys WHERE key = ?
            """, [key]) else { return nil }
        guard try row.get("request") as String == Self.requestJSON(request) else {
            throw PaymentsError.idempotencyKeyReused(key)
        }
        if let pendingID: String = try row.get("pending_id") { return .pending(pendingID) }
        guard let transactionID: String = try row.get("transaction_id") else {
            throw PaymentsError.storage("App Store purchase key \(key) has neither a request nor a sale")
        }
        return .sold(transactionID: transactionID)
    }

    /// Claims the request's key for its answer; false when another writer claimed it first.
    func claimKey(_ request: StorePurchaseRequest, answer: KeyedAnswer, at now: Date) async throws -> Bool {
        guard let key = request.idempotencyKey, !key.isEmpty else { return true }
        let (pendingID, transactionID): (String?, String?) = switch answer {
        case let .pending(id): (id, nil)
        case let .sold(id): (nil, id)
        }
        return try await store.execute("""
            INSERT INTO appstore_purchase_keys(key, request, pending_id, transaction_id, created_at) VALUES (?, ?, ?, ?, ?)
            ON CONFLICT(key) DO NOTHING
            """, [key, try Self.requestJSON(request), pendingID, transactionID, now]) == 1
    }

    /// Keys are compared by the request's text with sorted keys.
    private static func requestJSON(_ request: StorePurchaseRequest) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(request), as: UTF8.self)
    }

    // MARK: The sheet's requests

    func createPending(_ kind: PendingAction.Kind, request: StorePurchaseRequest, at now: Date) async throws -> PendingAction {
        let id = try await nextPendingID()
        let json = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        try await store.execute("""
            INSERT INTO appstore_pending_actions(id, account_id, kind, product_id, request, created_at) VALUES (?, ?, ?, ?, ?, ?)
            """, [id, request.accountID, kind.rawValue, request.productID, json, now])
        guard let created = try await self.request(id) else {
            throw PaymentsError.storage("the App Store's request \(id) was not stored")
        }
        return created.action
    }

    /// Requests still waiting (of one account, or all), oldest first: the sheet's and the
    /// price-increase consents of the App Store's subscriptions.
    func openRequests(accountID: String?) async throws -> [PendingAction] {
        let rows = try await store.fetchAll(StoredRow.self, StoreSQL("""
            SELECT * FROM appstore_pending_actions WHERE resolved_at IS NULL\(accountID == nil ? "" : " AND account_id = ?")
            ORDER BY created_at, id
            """), StoreArguments(accountID.map { [$0] } ?? []))
        return try rows.map { row in
            try row.get("kind") as String == PendingAction.Kind.priceIncrease.rawValue ? try Self.consent(row).action
                : try Self.request(row).action
        }
    }

    /// A request of the sheet and what it asked for, answered or not; nil when there is none.
    func request(_ id: String) async throws -> (action: PendingAction, request: StorePurchaseRequest, resolution: String?)? {
        try await store.fetchOne(StoredRow.self, """
            SELECT * FROM appstore_pending_actions WHERE id = ? AND kind IN ('ask_to_buy', 'interrupted_purchase')
            """, [id]).map(Self.request)
    }

    /// Answers a waiting request; false when it was answered already.
    func resolve(_ id: String, as resolution: String, at now: Date) async throws -> Bool {
        try await store.execute("""
            UPDATE appstore_pending_actions SET resolved_at = ?, resolution = ? WHERE id = ? AND resolved_at IS NULL
            """, [now, resolution, id]) == 1
    }

    // MARK: Price-increase consent

    /// Asks the customer to consent to `newPrice` at the next renewal.
    func createConsent(_ subscription: AppStoreSubscription, label: String, newPrice: Money, at now: Date) async throws -> PendingAction {
        let id = try await nextPendingID()
        // The request is the new price, as the merchant keeps its own consents (so v27 moved
        // theirs as they were); the merchant's name for the subscription labels it in the inbox.
        let json = String(decoding: try JSONEncoder().encode(newPrice), as: UTF8.self)
        try await store.execute("""
            INSERT INTO appstore_pending_actions(id, account_id, kind, product_id, request, created_at, original_transaction_id,
                                                 subscription_id)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [id, subscription.accountID, PendingAction.Kind.priceIncrease.rawValue, subscription.productID, json, now,
                  subscription.originalTransactionID, label])
        guard let created = try await consent(id) else { throw PaymentsError.storage("the App Store's consent request \(id) was not stored") }
        return created.action
    }

    /// A consent request, answered or not, and the subscription it is about; nil when there is none.
    func consent(_ id: String) async throws -> (action: PendingAction, originalTransactionID: String, resolution: String?)? {
        try await store.fetchOne(StoredRow.self, """
            SELECT * FROM appstore_pending_actions WHERE id = ? AND kind = 'price_increase'
            """, [id]).map(Self.consent)
    }

    /// The consent request still waiting for the subscription, if any.
    func openConsent(of originalTransactionID: String) async throws -> String? {
        try await store.fetchOne(String.self, """
            SELECT id FROM appstore_pending_actions WHERE original_transaction_id = ? AND kind = 'price_increase' AND resolved_at IS NULL
            """, [originalTransactionID])
    }

    private static func consent(_ row: StoredRow) throws -> (action: PendingAction, originalTransactionID: String, resolution: String?) {
        let id: String = try row.get("id")
        let newPrice: Money
        do {
            newPrice = try JSONDecoder().decode(Money.self, from: Data((try row.get("request") as String).utf8))
        } catch {
            throw PaymentsError.storage("appstore_pending_actions \(id) holds a consent request that cannot be read: \(error)")
        }
        guard let original: String = try row.get("original_transaction_id") else {
            throw PaymentsError.storage("appstore_pending_actions \(id) asks for consent about no subscription")
        }
        let action = PendingAction(id: id, accountID: try row.get("account_id"), kind: .priceIncrease,
                                   productID: try row.get("product_id"), subscriptionID: try row.get("subscription_id"),
                                   createdAt: try row.get("created_at"), newPrice: newPrice)
        return (action, original, try row.get("resolution"))
    }

    /// Only the sheet's kinds are kept here; any other is a storage error naming the row.
    private static func request(_ row: StoredRow) throws -> (action: PendingAction, request: StorePurchaseRequest, resolution: String?) {
        let id: String = try row.get("id")
        let kindText: String = try row.get("kind")
        guard let kind = PendingAction.Kind(rawValue: kindText), kind == .askToBuy || kind == .interruptedPurchase else {
            throw PaymentsError.storage("appstore_pending_actions \(id) is of kind \"\(kindText)\", which the App Store's sheet never makes")
        }
        let request: StorePurchaseRequest
        do {
            request = try JSONDecoder().decode(StorePurchaseRequest.self, from: Data((try row.get("request") as String).utf8))
        } catch {
            throw PaymentsError.storage("appstore_pending_actions \(id) holds a request that cannot be read: \(error)")
        }
        let action = PendingAction(id: id, accountID: try row.get("account_id"), kind: kind, productID: try row.get("product_id"),
                                   createdAt: try row.get("created_at"))
        let resolution: String? = try row.get("resolution")
        guard (try row.get("resolved_at", as: Int64?.self) == nil) == (resolution == nil) else {
            throw PaymentsError.storage("appstore_pending_actions \(id) is answered at one column and not the other")
        }
        return (action, request, resolution)
    }

    // MARK: Sales

    /// Apple's own rules for a sale, checked in its write against what Apple sold: an unlock once
    /// per Apple Account (until refunded), an offer code once.
    func checkStillForSale(_ payload: TransactionPayload, exclusive: Bool) async throws {
        if exclusive, try await store.fetchOne(Bool.self, """
            SELECT EXISTS(SELECT 1 FROM appstore_transactions WHERE account_id = ? AND product_id = ? AND revocation_date IS NULL)
            """, [payload.appTransactionId, payload.productId]) == true {
            throw PaymentsError.alreadyOwned(productID: payload.productId)
        }
        if let code = payload.offerIdentifier, try await store.fetchOne(Bool.self, """
            SELECT EXISTS(SELECT 1 FROM appstore_transactions WHERE account_id = ? AND offer_code = ?)
            """, [payload.appTransactionId, code]) == true {
            throw PaymentsError.invalidOfferCode(code: code, reason: .alreadyRedeemed)
        }
    }

    /// Records a transaction (a sale, a subscription's purchase, renewal or upgrade) and puts its
    /// receipt in the device's queue; a sale names the ONE_TIME_CHARGE that tells the merchant.
    func recordTransaction(_ transaction: SignedTransaction, payloadJSON: String, notificationUUID: String? = nil,
                           at now: Date) async throws {
        let payload = transaction.payload
        try await store.execute("""
            INSERT INTO appstore_transactions(id, account_id, product_id, purchase_date, offer_code, jws, payload, notification_uuid)
            VALUES (?, ?, ?, ?, ?, ?, ?, ?)
            """, [payload.transactionId, payload.appTransactionId, payload.productId, payload.purchaseDate, payload.offerIdentifier,
                  try transaction.jws, payloadJSON, notificationUUID])
        try await store.execute("""
            INSERT INTO sync_queue(transaction_id, account_id, product_id, jws, next_attempt_at) VALUES (?, ?, ?, ?, ?)
            """, [payload.transactionId, payload.appTransactionId, payload.productId, try transaction.jws, now])
    }

    // MARK: The device's receipt queue

    /// Receipts not delivered yet, oldest due first.
    func queuedReceipts() async throws -> [QueuedReceipt] {
        try await store.fetchAll(StoredRow.self, """
            SELECT transaction_id, account_id, product_id, jws, attempts, next_attempt_at FROM sync_queue
            WHERE done_at IS NULL ORDER BY next_attempt_at, transaction_id
            """).map { row in
            QueuedReceipt(transactionID: try row.get("transaction_id"), accountID: try row.get("account_id"),
                          productID: try row.get("product_id"), jws: try row.get("jws"), attempts: try row.get("attempts"),
                          dueAt: try row.get("next_attempt_at"))
        }
    }

    /// Ends a receipt's journey: recorded, or refused for good (kept with the reason).
    func markDelivered(_ receipt: QueuedReceipt, at now: Date, error: String? = nil) async throws {
        try await store.execute("""
            UPDATE sync_queue SET done_at = ?, attempts = attempts + 1, last_error = ? WHERE transaction_id = ? AND done_at IS NULL
            """, [now, error, receipt.transactionID])
    }

    /// Schedules the next try with exponential backoff on the account's clock: 2, 4, 8 … seconds,
    /// at most an hour apart.
    func markFailed(_ receipt: QueuedReceipt, at now: Date, error: String) async throws {
        let delay = min(Int64(1) << Int64(min(receipt.attempts + 1, 12)), 3_600)
        try await store.execute("""
            UPDATE sync_queue SET attempts = attempts + 1, next_attempt_at = ?, last_error = ?
            WHERE transaction_id = ? AND done_at IS NULL
            """, [now.addingTimeInterval(TimeInterval(delay)), error, receipt.transactionID])
    }

    func waitingReceipts() async throws -> Int {
        try await store.fetchOne(Int.self, "SELECT COUNT(*) FROM sync_queue WHERE done_at IS NULL") ?? 0
    }

    /// The "network drops before the backend records it" fault: consumes one armed drop.
    func takeDroppedSubmission() async throws -> Bool {
        var controls = try await controls()
        guard controls.droppedReceiptSubmissions > 0 else { return false }
        controls.droppedReceiptSubmissions -= 1
        try await saveControls(controls)
        return true
    }

    /// A sale as recorded: its payload and its token (empty for a sale made before migration v28
    /// that nobody read yet).
    func sale(_ transactionID: String) async throws -> RecordedSale {
        guard let sale = try await recordedSale(transactionID) else {
            throw PaymentsError.storage("the App Store has no transaction \(transactionID)")
        }
        return sale
    }

    /// The sale, or nil when the App Store has no such transaction.
    func recordedSale(_ transactionID: String) async throws -> RecordedSale? {
        guard let row = try await store.fetchOne(StoredRow.self, """
            SELECT account_id, jws, payload FROM appstore_transactions WHERE id = ?
            """, [transactionID]) else {
            return nil
        }
        let jws: String = try row.get("jws")
        let json: String? = try row.get("payload")
        let payload: TransactionPayload
        do {
            if let json {
                payload = try TransactionJSONCoding.makeDecoder().decode(TransactionPayload.self, from: Data(json.utf8))
            } else {
                payload = try TransactionPayload(storedToken: jws)
            }
        } catch {
            throw PaymentsError.storage("App Store transaction \(transactionID) cannot be read: \(error)")
        }
        return RecordedSale(accountID: try row.get("account_id"), payload: payload, jws: jws, payloadJSON: json)
    }

    /// Marks a sale refunded with its revoked token, and queues the REFUND notification; false
    /// when another writer refunded it first.
    func recordRefund(_ revoked: SignedTransaction, of accountID: String, payloadJSON: String, notificationUUID: String,
                      at now: Date, sentFrom systemNow: Date) async throws -> Bool {
        guard try await resign(revoked, payloadJSON: payloadJSON) else { return false }
        try await queueNotification(notificationUUID, "REFUND", accountID: accountID, transactionID: revoked.payload.transactionId,
                                    at: now, sentFrom: systemNow)
        return true
    }
}
