import Foundation
import KioskPostgres
@testable import KioskPostgresStore
import PaymentsCore
import Synchronization
import Testing

/// `PostgresStorage` keeps the promises `PaymentsStorage` makes: a write sees every earlier
/// committed write and no concurrent one, also across instances on one database; the rules' own
/// errors pass unchanged and roll back; the server's failures come out classified.
@Suite("PostgreSQL storage", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct PostgresStorageTests {
    /// A schema of its own with one counter row, in a new database.
    func withCounter(_ body: (PostgresLocation) async throws -> Void) async throws {
        try await TestCluster.withDatabase { database in
            let location = database.with(schema: "counter_test")
            try await TestCluster.execute(["CREATE SCHEMA counter_test",
                                           "CREATE TABLE counter_test.counter (id TEXT PRIMARY KEY, n BIGINT NOT NULL)",
                                           "INSERT INTO counter_test.counter VALUES ('c', 0)"], at: database)
            try await body(location)
        }
    }

    /// Read, then write what was read plus one: lost updates show as a count below the writes.
    func increment(_ storage: PostgresStorage) async throws {
        try await storage.write { store in
            let n = try #require(try await store.fetchOne(Int64.self, "SELECT n FROM counter WHERE id = 'c'"))
            try await store.execute("UPDATE counter SET n = ? WHERE id = 'c'", [n + 1])
        }
    }

    func count(_ storage: PostgresStorage) async throws -> Int64? {
        try await storage.read { try await $0.fetchOne(Int64.self, "SELECT n FROM counter WHERE id = 'c'") }
    }

    @Test func writesOfOneInstanceTakeTurns() async throws {
        try await withCounter { location async throws in
            let storage = PostgresStorage(location: location, connections: 4, connectionTimeout: TestCluster.connectionTimeout)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<16 { group.addTask { try await increment(storage) } }
                try await group.waitForAll()
            }
            #expect(try await count(storage) == 16)
        }
    }

    /// Two instances conflict under SERIALIZABLE; the loser runs again, so no update is lost.
    @Test func writesOfTwoInstancesLoseNothing() async throws {
        try await withCounter { location async throws in
            let runner = PostgresTransactionRunner(policy: PostgresRetryPolicy(maximumAttempts: 50), pause: { _ in await Task.yield() })
            let one = PostgresStorage(location: location, connections: 2, connectionTimeout: TestCluster.connectionTimeout, runner: runner)
            let two = PostgresStorage(location: location, connections: 2, connectionTimeout: TestCluster.connectionTimeout, runner: runner)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<12 { group.addTask { try await increment(index.isMultiple(of: 2) ? one : two) } }
                try await group.waitForAll()
            }
            #expect(try await count(one) == 12)
        }
    }

    /// Two servers writing different customers' rows of a small table do not abort each other:
    /// here instance one reads its row, instance two reads and changes another row and commits,
    /// then one changes its own. Read by a sequential scan, the table would be locked whole and
    /// the second commit would cost the first its transaction (one attempt only: busy).
    @Test func writesToDifferentRowsOfASmallTableDoNotConflict() async throws {
        try await withCounter { location async throws in
            // Analyzed, as autovacuum leaves a store's tables: the planner then knows it is small.
            try await TestCluster.execute(["INSERT INTO counter_test.counter VALUES ('d', 0)", "ANALYZE counter_test.counter"],
                                          at: location)
            let once = PostgresTransactionRunner(policy: PostgresRetryPolicy(maximumAttempts: 1))
            let one = PostgresStorage(location: location, connectionTimeout: TestCluster.connectionTimeout, runner: once)
            let two = PostgresStorage(location: location, connectionTimeout: TestCluster.connectionTimeout, runner: once)
            try await one.write { store in
                _ = try await store.fetchOne(Int64.self, "SELECT n FROM counter WHERE id = 'c'")
                try await two.write { other in
                    _ = try await other.fetchOne(Int64.self, "SELECT n FROM counter WHERE id = 'd'")
                    try await other.execute("UPDATE counter SET n = n + 1 WHERE id = 'd'")
                }
                try await store.execute("UPDATE counter SET n = n + 1 WHERE id = 'c'")
            }
            #expect(try await count(one) == 1)
        }
    }

    /// A write that still conflicts when its attempts run out is `busy`, and changes nothing:
    /// here instance one reads, instance two commits a change to the same row, then one writes.
    @Test func aWriteGivenUpAfterItsRetriesIsBusyAndChangesNothing() async throws {
        try await withCounter { location async throws in
            let once = PostgresTransactionRunner(policy: PostgresRetryPolicy(maximumAttempts: 1))
            let one = PostgresStorage(location: location, connectionTimeout: TestCluster.connectionTimeout, runner: once)
            let two = PostgresStorage(location: location, connectionTimeout: TestCluster.connectionTimeout)
            do {
                try await one.write { store in
                    _ = try await store.fetchOne(Int64.self, "SELECT n FROM counter WHERE id = 'c'")
                    try await increment(two)
                    try await store.execute("UPDATE counter SET n = n + 100 WHERE id = 'c'")
                }
                Issue.record("the conflicting write committed")
            } catch let PaymentsError.busy(message) {
                #expect(message.contains("40001"), "\(message)")
            }
            #expect(try await count(two) == 1)
        }
    }

    /// A write that conflicts once is run again: the observer (the server's metrics) hears the
    /// retry with its reason, and the wait for the transaction's one connection.
    @Test func aRetryAndTheWaitForAConnectionAreReported() async throws {
        try await withCounter { location async throws in
            let one = PostgresStorage(location: location, connectionTimeout: TestCluster.connectionTimeout, runner: PostgresTransactionRunner(pause: { _ in }, jitter: { 0 }))
            let two = PostgresStorage(location: location, connectionTimeout: TestCluster.connectionTimeout)
            let heard = Mutex<(retries: [String], waits: Int)>(([], 0))
            var observer = StoreObserver()
            observer.transactionRetried = { reason in heard.withLock { $0.retries.append(reason) } }
            observer.connectionWaited = { _ in heard.withLock { $0.waits += 1 } }
            one.observe(observer)
            let firstRun = Mutex(true)
            try await one.write { store in
                _ = try await store.fetchOne(Int64.self, "SELECT n FROM counter WHERE id = 'c'")
                if firstRun.withLock({ first in defer { first = false }; return first }) { try await increment(two) }
                try await store.execute("UPDATE counter SET n = n + 100 WHERE id = 'c'")
            }
            #expect(try await count(two) == 101)
            #expect(heard.withLock { $0.retries } == ["serialization_failure"])
            #expect(heard.withLock { $0.waits } == 1)
        }
    }

    /// Between statements the body stays on its connection's event loop (`ConnectionLoopExecutor`):
    /// no thread crossing per round trip.
    @Test func aTransactionsBodyRunsOnItsConnectionsEventLoop() async throws {
        try await withCounter { location async throws in
            let storage = PostgresStorage(location: location, connectionTimeout: TestCluster.connectionTimeout)
            let onTheLoop = try await storage.write { store in
                let connection = try #require(store as? PostgresTransaction).connection
                var onTheLoop = [connection.eventLoop.inEventLoop]
                for _ in 0..<3 {
                    _ = try await store.fetchOne(Int64.self, "SELECT n FROM counter WHERE id = 'c'")
                    onTheLoop.append(connection.eventLoop.inEventLoop)
                }
                return onTheLoop
            }
            #expect(onTheLoop == [true, true, true, true])
        }
    }

    /// A write given up after its retries may have met a preparation PostgresNIO now remembers as
    /// failed: its connection is closed. The rules' own errors leave the connection in the pool.
    @Test func aWriteGivenUpRetiresItsConnectionAndARuleErrorDoesNot() {
        #expect(!PostgresStorage.leavesPreparedStatementsSound(PostgresStoreFailure(.contention, "kept conflicting")))
        #expect(PostgresStorage.leavesPreparedStatementsSound(PaymentsError.accountNotFound("acct_x")))
    }

    @Test func aRuleErrorPassesUnchangedAndRollsBack() async throws {
        try await withCounter { location async throws in
            let storage = PostgresStorage(location: location, connectionTimeout: TestCluster.connectionTimeout)
            await #expect(throws: PaymentsError.accountNotFound("acct_x")) {
                try await storage.write { store in
                    try await store.execute("UPDATE counter SET n = 99 WHERE id = 'c'")
                    throw PaymentsError.accountNotFound("acct_x")
                }
            }
            #expect(try await count(storage) == 0)
        }
    }

    @Test func aFailedStatementIsAClassifiedFailureNamingTheServer() async throws {
        try await withCounter { location async throws in
            let storage = PostgresStorage(location: location, connectionTimeout: TestCluster.connectionTimeout)
            do {
                try await storage.write { try await $0.execute("INSERT INTO counter VALUES ('c', 1)") }
                Issue.record("a duplicate key was accepted")
            } catch let failure as PostgresStoreFailure {
                #expect(failure.message.contains("duplicate key"), "\(failure.message)")
                #expect(failure.message.contains("SQLSTATE 23505"), "\(failure.message)")
                #expect(failure.message.contains("database \(location.database), schema counter_test"), "\(failure.message)")
            }
            await #expect(throws: PostgresStoreFailure.self) {
                try await storage.read { try await $0.execute("UPDATE counter SET n = 5") }  // a read is READ ONLY
            }
            #expect(try await count(storage) == 0)
        }
    }

    /// A migrated schema named in the URL holds the store's tables, apart from other schemas.
    @Test func theMigratorMakesTheSchemaItIsPointedAt() async throws {
        try await TestCluster.withDatabase { database in
            _ = try await PostgresMigrator(location: database.with(schema: "store_a")).migrate()
            #expect(try await TestCluster.strings(
                "SELECT table_schema FROM information_schema.tables WHERE table_name = 'accounts'", at: database) == ["store_a"])
            let storage = PostgresStorage(location: database.with(schema: "store_a"))
            #expect(try await storage.read { try await $0.fetchOne(Int64.self, "SELECT COUNT(*) FROM accounts") } == 0)
        }
    }
}
