import Foundation

/// One database transaction and what every rule needs inside it: ids, settings, the event
/// table, accounts and their "now".
///
/// A `UnitOfWork` lives for exactly one transaction, so everything an operation changes commits
/// together or not at all: a process killed mid-purchase leaves either the whole purchase or none
/// of it. The rules themselves live in small types by responsibility (`Purchases`, `Invoicing`,
/// `SubscriptionLifecycle`, ...), each reached from any other through `Rules`, and all of them
/// sharing this one transaction. It never reads the wall clock: `systemNow` comes from the
/// injected clock, and accounts on a test clock use that clock's frozen time instead.
///
/// Sendable only in name: a unit of work is used by the one task that runs its transaction's
/// body (on GRDB's thread over SQLite, see `InlineTransactionExecutor`), and never after the
/// transaction ends.
struct UnitOfWork: Rules, @unchecked Sendable {
    /// The transaction, the same on SQLite and PostgreSQL (docs/design/storage-seam.md), with the
    /// events emitted into it held until its next statement.
    var store: any StoreTransaction { events }
    let events: EventBatchingTransaction
    let reserved = ReservedIDs()
    let catalog: Catalog
    let systemNow: Date
    let signer: TransactionTokenSigner
    let random: RandomSource
    let cardProcessor: any CardProcessor

    init(store: any StoreTransaction, catalog: Catalog, systemNow: Date, signer: TransactionTokenSigner, random: RandomSource,
         cardProcessor: any CardProcessor) {
        events = EventBatchingTransaction(store)
        self.catalog = catalog
        self.systemNow = systemNow.wholeSeconds
        self.signer = signer
        self.random = random
        self.cardProcessor = cardProcessor
    }

    var work: UnitOfWork { self }

    // MARK: Identifiers

    /// Sequential, prefixed ids ("sub_000042"): deterministic for QA runs and unique across
    /// processes and server instances (see `nextSequence`).
    func nextID(_ sequence: StoreSequence) async throws -> String {
        SequentialIdentifier.make(sequence.rawValue, number: try await nextSequence(sequence), separator: sequence.separator)
    }

    /// The counter's next value. On SQLite it advances inside the write transaction (one writer
    /// at a time, so no gaps). On PostgreSQL it is a sequence object, which never makes two
    /// writers conflict (a counter row would abort every pair of concurrent purchases under
    /// SERIALIZABLE); a write that rolls back leaves a gap, as PostgreSQL's sequences do.
    func nextSequence(_ sequence: StoreSequence) async throws -> Int64 {
        if let number = reserved.take(sequence) { return number }
        let sql = StoreSQL(sqlite: """
            INSERT INTO sequences(name, value) VALUES (?, 1)
            ON CONFLICT(name) DO UPDATE SET value = sequences.value + 1 RETURNING value
            """, postgres: "SELECT nextval(CAST('kiosk_seq_' || lower(?) AS regclass))")
        guard let value = try await store.fetchOne(Int64.self, sql, [sequence.rawValue]) else {
            throw PaymentsError.storage("the \(sequence.rawValue) sequence did not advance")
        }
        return value
    }

    /// Draws the next value of each of `sequences` (all different) in one statement, for a rule
    /// that is about to use them all (a paid purchase's invoice, purchase and transaction): on
    /// PostgreSQL one round trip instead of one each. Only for ids the transaction will use, so
    /// SQLite's counters stay gap-free.
    func reserveIDs(_ sequences: [StoreSequence]) async throws {
        let rows = Array(repeating: "(?, 1)", count: sequences.count).joined(separator: ", ")
        let names = Array(repeating: "(CAST(? AS TEXT))", count: sequences.count).joined(separator: ", ")
        let drawn = try await store.fetchAll(StoredRow.self, StoreSQL(sqlite: """
            INSERT INTO sequences(name, value) VALUES \(rows)
            ON CONFLICT(name) DO UPDATE SET value = sequences.value + 1 RETURNING name, value
            """, postgres: """
            SELECT v.name, nextval(CAST('kiosk_seq_' || lower(v.name) AS regclass)) AS value FROM (VALUES \(names)) AS v(name)
            """), StoreArguments(sequences.map(\.rawValue)))
        for row in drawn {
            let name = try row.get("name", as: String.self)
            guard let sequence = StoreSequence(rawValue: name) else {
                throw PaymentsError.storage("the counters answered an unknown sequence \(name)")
            }
            reserved.keep(try row.get("value", as: Int64.self), for: sequence)
        }
        guard drawn.count == sequences.count else {
            throw PaymentsError.storage("\(sequences.count) counters were to advance and \(drawn.count) did")
        }
    }

    // MARK: Settings

    func settings() async throws -> StoreSettings {
        guard let json = try await store.fetchOne(String.self, "SELECT value FROM meta WHERE key = 'settings'") else {
            return StoreSettings()
        }
        do {
            return try JSONDecoder().decode(StoreSettings.self, from: Data(json.utf8))
        } catch {
            // A corrupt row must not silently reset the grace period and the rest to defaults.
            throw PaymentsError.storage("the store settings (meta row 'settings') cannot be read: \(error)")
        }
    }

    func saveSettings(_ settings: StoreSettings) async throws {
        let json = String(decoding: try JSONEncoder().encode(settings), as: UTF8.self)
        try await store.execute("""
            INSERT INTO meta(key, value) VALUES ('settings', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value
            """, [json])
    }

    // MARK: Events

    /// Runs a transaction's body on this unit of work, then stores what it still holds (the
    /// events emitted after its last statement). Every transaction body runs through here.
    func run<T>(_ body: (UnitOfWork) async throws -> T) async throws -> T {
        let result = try await body(self)
        try await events.flush()
        return result
    }

    // MARK: Accounts

    func account(_ id: String) async throws -> AccountRecord {
        guard let record = try await store.fetchOne(AccountRecord.self, "SELECT * FROM accounts WHERE id = ?", [id]) else {
            throw PaymentsError.accountNotFound(id)
        }
        return record
    }

    /// "Now" as the account experiences it: its test clock's frozen time, or the injected clock.
    func now(for account: AccountRecord) async throws -> Date {
        guard let clockID = account.testClockID else { return systemNow }
        return try await testClock(clockID).frozenTime
    }

    func testClock(_ id: String) async throws -> TestClockRecord {
        guard let record = try await store.fetchOne(TestClockRecord.self, "SELECT * FROM test_clocks WHERE id = ?", [id]) else {
            throw PaymentsError.testClockNotFound(id)
        }
        return record
    }

    func subscription(_ id: String) async throws -> SubscriptionRecord {
        guard let record = try await store.fetchOne(SubscriptionRecord.self, "SELECT * FROM subscriptions WHERE id = ?", [id])
        else { throw PaymentsError.subscriptionNotFound(id) }
        return record
    }
}

/// Every responsibility, for the service that opens the unit of work (rules declare their own).
extension UnitOfWork {
    var accountRules: AccountRules { AccountRules(work: self) }
    var analyticsLog: AnalyticsLog { AnalyticsLog(work: self) }
    var appStoreInbox: AppStoreInbox { AppStoreInbox(work: self) }
    var appStoreSales: AppStoreSales { AppStoreSales(work: self) }
    var booksAudit: BooksAudit { BooksAudit(work: self) }
    var customerAccess: CustomerAccess { CustomerAccess(work: self) }
    var customerNotices: CustomerNotices { CustomerNotices(work: self) }
    var historyPages: HistoryPages { HistoryPages(work: self) }
    var idempotentRequests: IdempotentRequests { IdempotentRequests(work: self) }
    var invoicing: Invoicing { Invoicing(work: self) }
    var lifecycle: SubscriptionLifecycle { SubscriptionLifecycle(work: self) }
    var planChanges: PlanChanges { PlanChanges(work: self) }
    var purchases: Purchases { Purchases(work: self) }
    var receiptsBackend: ReceiptsBackend { ReceiptsBackend(work: self) }
    var refunds: Refunds { Refunds(work: self) }
    var storeSubscriptionMirror: StoreSubscriptionMirror { StoreSubscriptionMirror(work: self) }
    var testControls: TestControls { TestControls(work: self) }
    var transactionIssuer: TransactionIssuer { TransactionIssuer(work: self) }
    var webhookInbox: WebhookInbox { WebhookInbox(work: self) }
}

/// Counter values a unit of work drew ahead, in one statement, for ids it is about to use (see
/// `UnitOfWork.reserveIDs`); each is handed out once, then the counter is asked again.
final class ReservedIDs: @unchecked Sendable {
    /// Touched only by the one task running the unit of work's transaction.
    private var numbers: [StoreSequence: Int64] = [:]

    func keep(_ number: Int64, for sequence: StoreSequence) {
        numbers[sequence] = number
    }

    func take(_ sequence: StoreSequence) -> Int64? {
        numbers.removeValue(forKey: sequence)
    }
}
