import Foundation
import KioskPostgres
import PostgresNIO
import Testing
@testable import PaymentsCore
import Simulators

/// Two servers on one PostgreSQL store commit side by side, so an event can commit after one
/// numbered above it. A feed reader must neither skip it nor see the later one first: the feed
/// holds back what a running transaction could still precede (`EventFeedOrder`). On SQLite one
/// writer commits at a time and the case cannot arise (a held write would block the other).
@Suite(.enabled(if: CoreTestStorage.onPostgres, "one SQLite writer at a time: ids are commit order"))
struct FeedCommitOrderTests {
    @Test func anEventCommittedLateBehindAHigherOneIsNotSkipped() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account("ada")
        let start = try await store.service.feedPosition(accountID: nil)
        let other = try await store.reopen()

        // The other server writes an event and, before it commits, this one commits a purchase.
        let (written, wroteEvent) = AsyncStream<Int64>.makeStream()
        let (commit, release) = AsyncStream<Void>.makeStream()
        let slow = Task {
            try await other.storage.write { transaction in
                let seq = try await transaction.fetchOne(Int64.self, """
                    INSERT INTO events(account_id, type, at) VALUES (?, ?, 0) RETURNING seq
                    """, [ada.id, StoreEventType.refunded.rawValue])
                wroteEvent.yield(seq ?? 0)
                for await _ in commit { break }
            }
        }
        var writtenIterator = written.makeAsyncIterator()
        let lateID = try #require(await writtenIterator.next())
        _ = try await store.buy(ada, "points.500")

        // A reader now sees nothing past the running transaction's place in the feed.
        let early = try await store.service.events(accountID: nil, after: start, limit: 100)
        #expect(early.allSatisfy { $0.id < lateID }, "read past a transaction still running: \(early.map(\.id))")
        #expect(try await store.service.feedPosition(accountID: nil) == start)

        release.yield()
        try await slow.value
        let cursor = early.last?.id ?? start
        let late = try await store.service.events(accountID: nil, after: cursor, limit: 100)
        let seen = (early + late).map(\.id)
        #expect(seen.contains(lateID), "the late event was skipped: \(seen)")
        #expect(late.contains { $0.type == .purchaseCompleted })
        #expect(Set(seen).count == seen.count, "an event was read twice: \(seen)")

        // The account's own feed follows the same order, and the feed ends where the reader did.
        let accountFeed = try await store.service.events(accountID: ada.id, after: start, limit: 100).map(\.id)
        #expect(accountFeed.first == lateID, "\(accountFeed)")
        #expect(try await store.service.feedPosition(accountID: nil) == late.last?.id)
    }

    /// The App Store queues its own notifications as it acts (since v27 none is collected from
    /// the merchant's events): a sale made while another server's transaction is still running is
    /// notified at once (no waiting in a write), and the merchant's late event, even about a
    /// subscription the App Store bills, is never turned into a notification of the App Store's.
    @Test func theOutboxNeitherWaitsForNorNotifiesTheMerchantsEvents() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account("ada")
        let bob = try await store.account("bob")
        guard case let .success(_, receipt) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "pro.yearly")) else { throw FixtureError.missing("store purchase") }
        let subscription = try #require(receipt.subscription)
        let before = try await store.service.appStore.notifications()
        let other = try await store.reopen()

        let (written, wroteEvent) = AsyncStream<Void>.makeStream()
        let gate = Gate()
        let slow = Task {
            try await other.storage.write { transaction in
                try await transaction.execute("""
                    INSERT INTO events(account_id, type, at, subscription_id) VALUES (?, ?, ?, ?)
                    """, [ada.id, StoreEventType.renewed.rawValue, store.clock.now, subscription.id])
                wroteEvent.yield()
                await gate.passOnce()  // a conflict's re-run does not wait again
            }
        }
        var writtenIterator = written.makeAsyncIterator()
        _ = await writtenIterator.next()
        guard case .success = try await store.service.appStore.storePurchase(StorePurchaseRequest(accountID: bob.id, productID: "themes")) else {
            throw FixtureError.missing("bob's store purchase")
        }
        let during = try await store.service.appStore.notifications()
        #expect(during.contains { $0.accountID == bob.id }, "bob's purchase waited behind the other server's transaction")

        await gate.open()
        try await slow.value
        let after = try await store.service.appStore.notifications()
        let adas = after.filter { $0.accountID == ada.id }
        #expect(adas == before.filter { $0.accountID == ada.id }, "\(adas.map(\.kind.type))")
        #expect(after == during)
    }
}

extension FeedCommitOrderTests {
    /// The hosted-checkout provider follows the feed too. Here a renewal gets id 19 from a
    /// transaction that began after the one that writes id 20 and commits first: the provider
    /// reads 20, then 19 once it commits, and sends the renewal's webhook (it used to drop
    /// every event with an id below its cursor).
    @Test func theCheckoutProviderHearsOfAnEventWithALowerIdCommittedLater() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account("ada")
        let bob = try await store.account("bob")
        let provider = SimulatedCheckoutProvider(
            directory: DataDirectory(url: store.directory.appendingPathComponent("provider")), merchant: store.service,
            cardProcessor: store.service.cardProcessor, catalog: CoreFixture.catalog, clock: store.clock)
        var generator = SystemRandomNumberGenerator()
        let session = try await provider.createCheckoutSession(NewCheckoutSession(
            accountID: ada.id, productID: "pro.yearly", successURL: "http://127.0.0.1:9/return",
            cancelURL: "http://127.0.0.1:9/cancel", state: "state-of-sixteen-chars"), using: &generator)
        guard case .paid = try await provider.payCheckoutSession(session.id, card: CardDetails(
            number: "4242424242424242", expiryMonth: 12, expiryYear: 2034, cvc: "123")) else {
            throw FixtureError.missing("a paid checkout")
        }
        let subscription = try await store.subscription(ada)
        let invoice = try #require(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.first)
        let renewalsBefore = try await provider.webhookDeliveries().filter { $0.eventType == .subscriptionRenewed }.count

        let (first, second) = (try await store.reopen(), try await store.reopen())
        let (started, firstStarted) = AsyncStream<Void>.makeStream()
        let (wrote, secondWrote) = AsyncStream<Void>.makeStream()
        let (firstGate, secondGate) = (Gate(), Gate())
        let older = Task {
            try await first.storage.write { transaction in
                try await transaction.execute("UPDATE accounts SET name = name WHERE id = ?", [bob.id])  // takes its id now
                firstStarted.yield()
                await firstGate.passOnce()
                try await transaction.execute("INSERT INTO events(account_id, type, at) VALUES (?, ?, 0)",
                                              [bob.id, StoreEventType.paymentMethodAdded.rawValue])
            }
        }
        var startedIterator = started.makeAsyncIterator()
        _ = await startedIterator.next()
        let younger = Task {
            try await second.storage.write { transaction in
                try await transaction.execute("""
                    INSERT INTO events(account_id, type, at, subscription_id, product_id, invoice_id) VALUES (?, ?, ?, ?, ?, ?)
                    """, [ada.id, StoreEventType.renewed.rawValue, store.clock.now, subscription.id, subscription.productID, invoice.id])
                secondWrote.yield()
                await secondGate.passOnce()
            }
        }
        var wroteIterator = wrote.makeAsyncIterator()
        _ = await wroteIterator.next()
        await firstGate.open()
        try await older.value
        _ = try await provider.webhookDeliveries()  // reads the higher id, committed first

        await secondGate.open()
        try await younger.value
        let renewals = try await provider.webhookDeliveries().filter { $0.eventType == .subscriptionRenewed }
        #expect(renewals.count == renewalsBefore + 1)
    }
}

/// Lets the first caller through only once opened; later callers pass at once.
private actor Gate {
    private var isOpen = false
    private var waiter: CheckedContinuation<Void, Never>?
    private var passed = false

    func passOnce() async {
        guard !passed else { return }
        passed = true
        if isOpen { return }
        await withCheckedContinuation { waiter = $0 }
    }

    func open() {
        isOpen = true
        waiter?.resume()
        waiter = nil
    }
}

extension FeedCommitOrderTests {
    /// A session that is not the store's (no feed mark) waiting for a row a store transaction
    /// holds asks for a lock on that transaction's id. The feed must still count the transaction
    /// as the store's and hold back behind it: read as the waiter's, it made the transaction look
    /// foreign, and a reader went past its event, skipped for good once it committed.
    @Test func aForeignSessionWaitingOnAStoreTransactionDoesNotMakeItLookForeign() async throws {
        let store = try await CoreFixture()
        let location = try #require(store.postgres)
        let (ada, bob) = (try await store.account("ada"), try await store.account("bob"))
        let start = try await store.service.feedPosition(accountID: nil)
        let other = try await store.reopen()

        let (written, wroteEvent) = AsyncStream<Int64>.makeStream()
        let gate = Gate()
        let slow = Task {
            try await other.storage.write { transaction in
                try await transaction.execute("UPDATE accounts SET name = name WHERE id = ?", [ada.id])
                let seq = try await transaction.fetchOne(Int64.self, """
                    INSERT INTO events(account_id, type, at) VALUES (?, ?, 0) RETURNING seq
                    """, [ada.id, StoreEventType.refunded.rawValue])
                wroteEvent.yield(seq ?? 0)
                await gate.passOnce()
            }
        }
        var writtenIterator = written.makeAsyncIterator()
        let lateID = try #require(await writtenIterator.next())
        let (pids, foreignPID) = AsyncStream<Int>.makeStream()
        let foreign = Task {
            try await PostgresConnector.withConnection(to: location, doing: "wait for ada's row") { connection in
                let logger = PostgresConnector.silentLogger
                for try await pid in try await connection.query("SELECT pg_backend_pid()", logger: logger).decode(Int.self) {
                    foreignPID.yield(pid)
                }
                _ = try await connection.query("UPDATE accounts SET name = name WHERE id = \(ada.id)", logger: logger)
            }
        }
        var pidIterator = pids.makeAsyncIterator()
        try await Self.waitUntilSession(try #require(await pidIterator.next()), waitsForATransactionAt: location)
        _ = try await store.buy(bob, "points.500")

        let early = try await store.service.events(accountID: nil, after: start, limit: 100)
        #expect(early.allSatisfy { $0.id < lateID }, "read past a store transaction still running: \(early.map(\.id))")

        await gate.open()
        try await slow.value
        try await foreign.value
        // (A conflict may have run the slow write again: the event that committed is ada's refund.)
        let late = try await store.service.events(accountID: nil, after: early.last?.id ?? start, limit: 100)
        #expect((early + late).contains { $0.accountID == ada.id && $0.type == .refunded }, "the late event was skipped")
    }

    /// Polls `pg_locks` until session `pid` waits for a transaction's lock (it is another
    /// session: there is nothing to await), for up to 10 s.
    private static func waitUntilSession(_ pid: Int, waitsForATransactionAt location: PostgresLocation) async throws {
        for _ in 0..<1_000 {
            let waiting = try await PostgresConnector.withConnection(to: location, doing: "look for a waiter") { connection in
                let rows = try await connection.query("""
                    SELECT count(*) FROM pg_locks WHERE locktype = 'transactionid' AND NOT granted AND pid = \(pid)
                    """, logger: PostgresConnector.silentLogger)
                var count = 0
                for try await value in rows.decode(Int.self) { count = value }
                return count
            }
            if waiting > 0 { return }
            try await Task.sleep(for: .milliseconds(10))
        }
        throw FixtureError.missing("a session waiting for the store's transaction")
    }
}

extension FeedCommitOrderTests {
    /// Two stores in two databases of one server, under the same schema name (each fixture's
    /// database is a copy of one template): a write running in the other store holds nothing
    /// of this store's feed back. `pg_locks` lists every database's locks, and the mark was told
    /// apart by schema name only, so this store's newest events stayed hidden while the other
    /// store wrote.
    @Test func aStoreInAnotherDatabaseWithTheSameSchemaNameHoldsNothingBack() async throws {
        let (store, neighbour) = (try await CoreFixture(), try await CoreFixture())
        let (here, there) = (try #require(store.postgres), try #require(neighbour.postgres))
        #expect(here.schema == there.schema && here.database != there.database)
        let ada = try await store.account("ada")
        let bob = try await neighbour.account("bob")
        let start = try await store.service.feedPosition(accountID: nil)

        let (written, wroteEvent) = AsyncStream<Void>.makeStream()
        let gate = Gate()
        let slow = Task {
            try await neighbour.service.storage.write { transaction in
                try await transaction.execute("INSERT INTO events(account_id, type, at) VALUES (?, ?, 0)",
                                              [bob.id, StoreEventType.refunded.rawValue])
                wroteEvent.yield()
                await gate.passOnce()
            }
        }
        var writtenIterator = written.makeAsyncIterator()
        _ = await writtenIterator.next()
        _ = try await store.buy(ada, "points.500")
        let seen = try await store.service.events(accountID: nil, after: start, limit: 100)
        await gate.open()
        try await slow.value
        #expect(seen.contains { $0.type == .purchaseCompleted }, "held back behind another database's write: \(seen.map(\.type))")
    }
}
