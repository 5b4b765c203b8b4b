import KioskPostgres
import Logging
import PaymentsCore
import PostgresNIO

/// The PostgreSQL side of `PaymentsStorage`: a pool of connections to the store's database (its
/// schema migrated; see `PostgresMigrator`), each transaction run by `PostgresTransactionRunner`.
///
/// A write is SERIALIZABLE, so what it read still holds when it commits whatever other instances
/// did meanwhile; a conflict runs it again from the start (the store's bodies touch nothing
/// outside the database they cannot repeat). A read is a READ ONLY REPEATABLE READ snapshot,
/// which never conflicts. A write still conflicting after its retries is `PaymentsError.busy`
/// (a 503: nothing changed, send it again); other failures of the server come out classified
/// (`PostgresStoreFailure`, e.g. a read-only replica or an unreachable server); the rules' own
/// errors pass unchanged.
///
/// A connection must come within `connectionTimeout` (`kiosk serve --database-timeout`): while
/// the server is down or out of reach, every request fails with `StoreUnavailable` (a 503 with
/// `Retry-After`) within that bound instead of waiting on the pool. Once one request found it so,
/// each request first opens one connection of its own (`probe`): refused at once while the server
/// is still down, so the 503 names the cause without waiting out the bound, and once it connects
/// a fresh pool replaces the old one, so the first request after the server is back succeeds
/// (see `ReplaceablePool`).
///
/// A purchase is some twenty round trips, so each one's cost is the purchase's: statements run
/// prepared (`StoreStatement`: parsed once per connection, their plans kept), and a body runs on
/// its connection's event loop (`ConnectionLoopExecutor`: no thread crossing per statement).
public final class PostgresStorage: PaymentsStorage, StoreObservable {
    public let location: PostgresLocation
    private let pool: ReplaceablePool
    /// How long a transaction waits for a connection before the store counts as unavailable.
    public let connectionTimeout: Duration
    private let runner: PostgresTransactionRunner
    private let writes = WriteTurn()
    private let logger: Logger
    private let statements = StatementCounter()
    /// Hears conflicting transactions run again and waits for a connection (`kiosk serve`'s metrics).
    private let observers = StoreObserverSlot()
    /// Statements of writes that begin with `openingWrite` (sequential scans off), and of the
    /// other transactions: their cached plans differ (see `PreparedStatementNames`).
    private let markedWriteStatements = PreparedStatementNames(prefix: "kiosk_w")
    private let otherStatements = PreparedStatementNames(prefix: "kiosk_r")

    /// Statements sent so far, `BEGIN`, `COMMIT` and the feed's mark included.
    public var statementsSent: Int { statements.value }

    public static let defaultConnectionTimeout = Duration.seconds(5)

    /// Opens a pool of at most `connections` to `location` (connections are made when first
    /// needed); it closes when this storage is released.
    public init(location: PostgresLocation, connections: Int = 8, connectionTimeout: Duration = defaultConnectionTimeout,
                runner: PostgresTransactionRunner = PostgresTransactionRunner(), logger: Logger = PostgresConnector.silentLogger) {
        var configuration = PostgresConnector.clientConfiguration(for: location, connections: connections)
        configuration.options.connectTimeout = min(configuration.options.connectTimeout, connectionTimeout)
        pool = ReplaceablePool { [configuration] in PostgresClient(configuration: configuration, backgroundLogger: logger) }
        self.location = location
        self.connectionTimeout = connectionTimeout
        self.runner = runner
        self.logger = logger
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) async throws -> T) async throws -> T {
        try await write(marked: true, body)
    }

    public func observe(_ observer: StoreObserver) { observers.set(observer) }

    /// A write that carries the store's `FeedWriterLock` unless `marked` is false, for a long
    /// write that adds no events (a snapshot's copy), which feed readers need not wait for; its
    /// statements run prepared unless `preparing` is false (a snapshot's whole-table statements,
    /// each run once, whose changed rows `RETURNING 1` would send back one by one).
    func write<T: Sendable>(marked: Bool, preparing: Bool = true,
                            _ body: @escaping @Sendable (any StoreTransaction) async throws -> T) async throws -> T {
        try await writes.run {
            try await self.transaction(isolation: .serializable, readOnly: false, marked: marked, preparing: preparing,
                                       doing: "write to the store", body)
        }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) async throws -> T) async throws -> T {
        try await transaction(isolation: .repeatableRead, readOnly: true, marked: false, preparing: true, doing: "read the store", body)
    }

    /// Several servers commit side by side, so a feed read can find events held back behind a
    /// transaction of the store still running; those last milliseconds, so the read is run
    /// again, pausing a little longer each time, for up to `settlingPatience`; then it answers
    /// what has settled (the rest follows on the next read).
    public func readSettled<T: Sendable>(
        _ body: @escaping @Sendable (any StoreTransaction, _ awaiting: Int64?) async throws -> (value: T, heldBack: Int64?)
    ) async throws -> T {
        let deadline = ContinuousClock.now + Self.settlingPatience
        var pause = Duration.milliseconds(1)
        var awaiting: Int64?
        while true {
            let target = awaiting
            let (value, heldBack) = try await read { try await body($0, target) }
            guard let heldBack, ContinuousClock.now + pause <= deadline else { return value }
            awaiting = heldBack
            try await Task.sleep(for: pause)
            pause = min(pause * 2, .milliseconds(50))
        }
    }

    static let settlingPatience = Duration.seconds(2)

    /// The first statement of a write, in one round trip: the feed's mark (`FeedWriterLock`), and
    /// index scans over sequential ones for the rest of the transaction. A SERIALIZABLE
    /// transaction's sequential scan locks the whole table against others' writes (PostgreSQL's
    /// manual, "Serializable Isolation Level"), and once analyzed, the store's small tables
    /// (accounts, settings, cards) are read by sequential scan while they fit in a page or two:
    /// two servers buying for two customers would then abort each other whenever both touch a
    /// balance. Through an index each reads only its customer's rows. Only writes: reads take no
    /// such locks.
    static let openingWrite = "SELECT \(FeedWriterLock.lock), set_config('enable_seqscan', 'off', true)"

    private func transaction<T: Sendable>(isolation: PostgresTransactionRunner.Isolation, readOnly: Bool, marked: Bool,
                                          preparing: Bool, doing action: String,
                                          _ body: @escaping @Sendable (any StoreTransaction) async throws -> T) async throws -> T {
        let (runner, logger, statements) = (runner, logger, statements)
        let names = preparing ? (marked ? markedWriteStatements : otherStatements) : nil
        let (client, generation) = try await currentPool()
        let race = LeaseRace()
        let observer = observers.current
        let asked = ContinuousClock.now
        do {
            return try await withThrowingTaskGroup(of: T?.self) { group in
                group.addTask {
                    try await client.withConnection { connection in
                        guard race.lease() else { throw CancellationError() }
                        observer.connectionWaited(ContinuousClock.now - asked)
                        do {
                            return try await withTaskExecutorPreference(ConnectionLoopExecutor(connection.eventLoop)) {
                                try await runner.run(on: connection, isolation: isolation, readOnly: readOnly,
                                                     retried: observer.transactionRetried) { connection in
                                    statements.add(marked ? 3 : 2)
                                    if marked { try await connection.query(PostgresQuery(unsafeSQL: Self.openingWrite), logger: logger) }
                                    return try await body(PostgresTransaction(connection, logger: logger, counting: statements,
                                                                              preparingAs: names))
                                }
                            }
                        } catch where !Self.leavesPreparedStatementsSound(error) {
                            await Self.retire(connection, logger: logger)
                            throw error
                        }
                    }
                }
                group.addTask { [connectionTimeout] in
                    try await Task.sleep(for: connectionTimeout)
                    guard race.expire() else { return nil }
                    throw CancellationError()
                }
                while let outcome = try await group.next() {
                    if let value = outcome {
                        group.cancelAll()
                        return value
                    }
                }
                throw CancellationError()
            }
        } catch where !race.isLeased && !Task.isCancelled {
            // No connection came (in time, or at all): the server is down or out of reach.
            pool.replace(generation)
            throw unavailable(PostgresFailureClassifier.classify(error, at: location, doing: action))
        } catch let error as PSQLError {
            let failure = PostgresFailureClassifier.classify(error, at: location, doing: action)
            if failure.kind == .unreachable { throw unavailable(failure) }
            throw failure
        } catch let failure as PostgresStoreFailure where failure.kind == .contention {
            throw PaymentsError.busy(failure.message)
        }
    }

    /// The pool to lease from; while the server counts as down, only after `probe` reached it.
    private func currentPool() async throws -> (client: PostgresClient, generation: Int) {
        let (client, generation, down) = pool.client
        guard down else { return (client, generation) }
        try await probe(generation)
        let reopened = pool.client
        return (reopened.client, reopened.generation)
    }

    /// One connection outside the pool while the server counts as down: its failure is the
    /// request's 503, its success reopens the pool. The pool itself cannot tell: while down, the
    /// due-work timer's requests keep it retrying with growing back-off, which a request after
    /// the server is back would wait out.
    private func probe(_ generation: Int) async throws {
        do {
            var configuration = try PostgresConnector.configuration(for: location)
            let (seconds, attoseconds) = connectionTimeout.components
            let bound = TimeAmount.nanoseconds(min(seconds, 3600) * 1_000_000_000 + attoseconds / 1_000_000_000)
            configuration.options.connectTimeout = min(configuration.options.connectTimeout, bound)
            let connection = try await PostgresConnection.connect(configuration: configuration, id: 0, logger: logger)
            await Self.retire(connection, logger: logger)
        } catch {
            let failure = PostgresFailureClassifier.classify(error, at: location, doing: "connect")
            throw failure.kind == .unreachable || failure.kind == .other ? unavailable(failure, naming: true) : failure
        }
        pool.reopen(generation)
    }

    /// What a request meets while the server cannot be reached.
    private func unavailable(_ failure: PostgresStoreFailure, naming: Bool = false) -> StoreUnavailable {
        let seconds = Int(min(max(connectionTimeout.components.seconds + 1, 1), 30))
        let cause = naming || failure.kind == .unreachable ? failure.message
            : "no connection to the PostgreSQL server (\(location.endpoint)) within \(connectionTimeout)"
        return StoreUnavailable("The store's database cannot be reached (\(cause)); try again in \(seconds) s.",
                                retryAfterSeconds: seconds)
    }

    /// PostgresNIO remembers a statement whose preparation failed as failed for the rest of its
    /// connection's life (a retry on the connection gets the same error back at once). Preparing
    /// fails only for causes outside a statement's values (a lost connection, a cancel, an aborted
    /// transaction, a table gone, a deadlock with a schema change taking its locks); those are
    /// rare, so rather than tell which step failed, the connection is closed after any failure of
    /// the server but the ones only a run of a prepared statement meets: bad data (class 22), a
    /// constraint (23), a serialization failure (40001). A write given up after its retries is
    /// closed too. The rules' own errors leave it open. The pool opens a fresh one in its place.
    static func leavesPreparedStatementsSound(_ error: any Error) -> Bool {
        if let failure = error as? PostgresStoreFailure { return failure.kind != .contention }
        guard let error = error as? PSQLError else { return true }
        guard let state = error.serverInfo?[.sqlState] else { return false }
        return state == "40001" || ["22", "23"].contains(state.prefix(2))
    }

    private static func retire(_ connection: PostgresConnection, logger: Logger) async {
        do {
            try await connection.close()
        } catch {
            logger.debug("closing a failed connection failed: \(error)")
        }
    }
}
