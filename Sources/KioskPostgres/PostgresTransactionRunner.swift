import Logging
import PostgresNIO

/// Runs one store operation as one PostgreSQL transaction at the isolation level it needs.
///
/// Under REPEATABLE READ and SERIALIZABLE, PostgreSQL aborts one of two transactions that would
/// otherwise disagree (SQLSTATE 40001), and any level can end in a deadlock (40P01): the work is
/// correct to run again from the start, so the runner rolls back, waits a bounded, jittered,
/// growing pause, and runs the whole body again, up to `policy.maximumAttempts` times; then the
/// failure is reported as `contention` (EX_TEMPFAIL: try again later). Any other failure rolls
/// back and is reported at once. The body must therefore do nothing outside the database that it
/// cannot repeat.
public struct PostgresTransactionRunner: Sendable {
    public enum Isolation: String, Sendable {
        case readCommitted = "READ COMMITTED"
        case repeatableRead = "REPEATABLE READ"
        case serializable = "SERIALIZABLE"
    }

    public let policy: PostgresRetryPolicy
    /// Waits between attempts; injected so tests need not sleep.
    let pause: @Sendable (Duration) async throws -> Void
    /// A number in 0..<1 for the pause's jitter; injected so tests are reproducible.
    let jitter: @Sendable () -> Double
    let logger: Logger

    public init(policy: PostgresRetryPolicy = PostgresRetryPolicy(), logger: Logger = PostgresConnector.silentLogger,
                pause: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                jitter: @escaping @Sendable () -> Double = { Double.random(in: 0..<1) }) {
        self.policy = policy
        self.pause = pause
        self.jitter = jitter
        self.logger = logger
    }

    /// Runs `body` inside `BEGIN … COMMIT` on `connection` (which must not be in a transaction),
    /// again after each serialization failure or deadlock, and answers its result once committed.
    /// `retried` hears why each attempt but the last was run again (`serialization_failure` or
    /// `deadlock`), for the server's metrics.
    public func run<Result: Sendable>(
        on connection: PostgresConnection, isolation: Isolation, readOnly: Bool = false,
        retried: (_ reason: String) -> Void = { _ in },
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        var attempt = 1
        while true {
            do {
                return try await once(on: connection, isolation: isolation, readOnly: readOnly, body)
            } catch let error where Self.isRetryable(error) && attempt < policy.maximumAttempts {
                retried(Self.sqlState(of: error) == "40P01" ? "deadlock" : "serialization_failure")
                try await pause(policy.delay(afterAttempt: attempt, jitter: jitter()))
                attempt += 1
            } catch where Self.isRetryable(error) {
                throw PostgresStoreFailure(.contention, """
                    the transaction kept conflicting with others (\(Self.sqlState(of: error) ?? "")) and was given up \
                    after \(attempt) attempts; try again
                    """)
            }
        }
    }

    private func once<Result: Sendable>(
        on connection: PostgresConnection, isolation: Isolation, readOnly: Bool,
        _ body: (PostgresConnection) async throws -> Result
    ) async throws -> Result {
        let mode = readOnly ? "READ ONLY" : "READ WRITE"
        try await connection.query(PostgresQuery(unsafeSQL: "BEGIN ISOLATION LEVEL \(isolation.rawValue) \(mode)"),
                                   logger: logger)
        do {
            let result = try await body(connection)
            try await connection.query("COMMIT", logger: logger)
            return result
        } catch {
            // After a failed statement (or a failed COMMIT, which already ended the transaction)
            // only ROLLBACK is accepted; it is what ends the attempt.
            try await connection.query("ROLLBACK", logger: logger)
            throw error
        }
    }

    /// SQLSTATE 40001 (serialization_failure) and 40P01 (deadlock_detected), from appendix A of
    /// the PostgreSQL manual: the two failures that running the same work again can cure.
    static func isRetryable(_ error: any Error) -> Bool {
        guard let state = sqlState(of: error) else { return false }
        return state == "40001" || state == "40P01"
    }

    static func sqlState(of error: any Error) -> String? {
        (error as? PSQLError)?.serverInfo?[.sqlState]
    }
}

/// How often and how patiently a conflicting transaction is run again: full jitter over an
/// exponentially growing ceiling, so instances that collided do not collide again in step.
public struct PostgresRetryPolicy: Sendable, Equatable {
    public var maximumAttempts: Int
    public var baseDelay: Duration
    public var maximumDelay: Duration

    public init(maximumAttempts: Int = 6, baseDelay: Duration = .milliseconds(4), maximumDelay: Duration = .milliseconds(250)) {
        self.maximumAttempts = max(1, maximumAttempts)
        self.baseDelay = baseDelay
        self.maximumDelay = maximumDelay
    }

    /// The pause after failed attempt `attempt` (1-based): `jitter` (0..<1) of
    /// min(maximum, base × 2^(attempt − 1)).
    public func delay(afterAttempt attempt: Int, jitter: Double) -> Duration {
        let doublings = min(max(attempt - 1, 0), 30)
        let ceiling = min(baseDelay * (1 << doublings), maximumDelay)
        return ceiling * min(max(jitter, 0), 1)
    }
}
