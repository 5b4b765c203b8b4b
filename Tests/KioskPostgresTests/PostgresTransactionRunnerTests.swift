import Foundation
@testable import KioskPostgres
import PostgresNIO
import Synchronization
import Testing

@Suite("PostgreSQL transactions", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct PostgresTransactionRunnerTests {
    /// Two SERIALIZABLE transactions that each count the rows and add the next one: PostgreSQL
    /// aborts the second with a serialization failure, the runner runs it again from the start,
    /// and both rows land with the numbers a one-at-a-time order gives.
    @Test func aWriteSkewIsRunAgainAndBothCommit() async throws {
        try await TestCluster.withDatabase { location in
            try await TestCluster.execute(["CREATE TABLE slots (n BIGINT NOT NULL)"], at: location)
            let runner = PostgresTransactionRunner(pause: { _ in }, jitter: { 0 })
            let (secondRead, readSignal) = AsyncStream.makeStream(of: Void.self)
            let (firstCommitted, commitSignal) = AsyncStream.makeStream(of: Void.self)
            async let first: Void = PostgresConnector.withConnection(to: location, doing: "test") { connection in
                try await runner.run(on: connection, isolation: .serializable) { connection in
                    let count = try await Self.count(connection)
                    for await _ in secondRead { break }
                    try await connection.query("INSERT INTO slots VALUES (\(count + 1))", logger: PostgresConnector.silentLogger)
                }
                commitSignal.yield()
            }
            let attempts = try await PostgresConnector.withConnection(to: location, doing: "test") { connection in
                var attempts = 0
                try await runner.run(on: connection, isolation: .serializable) { connection in
                    attempts += 1
                    let count = try await Self.count(connection)
                    if attempts == 1 {
                        readSignal.yield()
                        for await _ in firstCommitted { break }
                    }
                    try await connection.query("INSERT INTO slots VALUES (\(count + 1))", logger: PostgresConnector.silentLogger)
                }
                return attempts
            }
            try await first
            #expect(attempts == 2)
            #expect(try await TestCluster.strings("SELECT n::text FROM slots ORDER BY n", at: location) == ["1", "2"])
        }
    }

    /// A conflict that never clears is run `maximumAttempts` times with growing pauses, then
    /// reported as contention (EX_TEMPFAIL), and the connection is left out of any transaction.
    @Test func aConflictThatNeverClearsIsGivenUpAsContention() async throws {
        try await TestCluster.withDatabase { location in
            try await TestCluster.execute(["CREATE TABLE slots (n BIGINT NOT NULL)"], at: location)
            let pauses = Mutex<[Duration]>([])
            let runner = PostgresTransactionRunner(policy: PostgresRetryPolicy(maximumAttempts: 3),
                                                   pause: { pause in pauses.withLock { $0.append(pause) } },
                                                   jitter: { 0.5 })
            try await PostgresConnector.withConnection(to: location, doing: "test") { connection in
                var runs = 0
                var retried: [String] = []
                await #expect {
                    try await runner.run(on: connection, isolation: .repeatableRead, retried: { retried.append($0) }) { connection in
                        runs += 1
                        try await Self.raise("40P01", on: connection)
                    }
                } throws: { error in
                    (error as? PostgresStoreFailure)?.kind == .contention && (error as? PostgresStoreFailure)?.exitCode == 75
                }
                #expect(runs == 3)
                // Each run again is reported with its reason; the last, given up, is not a retry.
                #expect(retried == ["deadlock", "deadlock"])
                let left = try await Self.count(connection)  // a statement outside any transaction runs
                #expect(left == 0)
            }
            #expect(pauses.withLock { $0 } == [.milliseconds(2), .milliseconds(4)])
        }
    }

    /// Anything but a serialization failure or a deadlock is not run again: it rolls back and
    /// reaches the caller as it was.
    @Test func otherFailuresRollBackAndAreNotRunAgain() async throws {
        try await TestCluster.withDatabase { location in
            try await TestCluster.execute(["CREATE TABLE slots (n BIGINT NOT NULL)"], at: location)
            let runner = PostgresTransactionRunner(pause: { _ in Issue.record("paused for a failure that is not a conflict") },
                                                   jitter: { 0 })
            try await PostgresConnector.withConnection(to: location, doing: "test") { connection in
                var runs = 0
                await #expect {
                    try await runner.run(on: connection, isolation: .readCommitted) { connection in
                        runs += 1
                        try await connection.query("INSERT INTO slots VALUES (1)", logger: PostgresConnector.silentLogger)
                        try await Self.raise("23505", on: connection)
                    }
                } throws: { error in
                    PostgresTransactionRunner.sqlState(of: error) == "23505"
                }
                #expect(runs == 1)
                let left = try await Self.count(connection)
                #expect(left == 0)
            }
        }
    }

    private static func count(_ connection: PostgresConnection) async throws -> Int64 {
        let rows = try await connection.query("SELECT count(*) FROM slots", logger: PostgresConnector.silentLogger)
        for try await count in rows.decode(Int64.self) { return count }
        return 0
    }

    private static func raise(_ sqlState: String, on connection: PostgresConnection) async throws {
        try await connection.query(PostgresQuery(unsafeSQL: """
            DO $$ BEGIN RAISE EXCEPTION 'raised by the test' USING ERRCODE = '\(sqlState)'; END $$
            """), logger: PostgresConnector.silentLogger)
    }
}

@Suite struct PostgresRetryPolicyTests {
    /// Full jitter over a ceiling that doubles from the base and stops at the maximum.
    @Test func pausesGrowAndStopAtTheMaximum() {
        let policy = PostgresRetryPolicy(maximumAttempts: 10, baseDelay: .milliseconds(4), maximumDelay: .milliseconds(250))
        #expect((1...8).map { policy.delay(afterAttempt: $0, jitter: 1) }
                == [4, 8, 16, 32, 64, 128, 250, 250].map { Duration.milliseconds($0) })
        #expect(policy.delay(afterAttempt: 3, jitter: 0.25) == .milliseconds(4))
        #expect(policy.delay(afterAttempt: 1_000, jitter: 1) == .milliseconds(250))
        #expect(PostgresRetryPolicy(maximumAttempts: 0).maximumAttempts == 1)
    }
}
