import KioskPostgres
import Logging
import NIOCore
import PaymentsCore
import PostgresNIO
import Synchronization

/// The PostgreSQL side of `StoreTransaction`, over one connection inside its transaction (see
/// `PostgresTransactionRunner`, which begins, commits and retries it).
///
/// Each statement is one round trip (two the first time a connection prepares it: see
/// `StoreStatement`). The rules' `?` placeholders become `$1`, `$2`, … (`PostgresPlaceholders`),
/// values bind as PostgreSQL's own types (`bigint`, `double precision`,
/// `text`, `bytea`), and cells come back as the same `StoreValue`s SQLite gives: a `boolean`
/// (what `EXISTS` answers) reads as the integer 0 or 1, and every integer width as `.integer`.
public final class PostgresTransaction: StoreTransaction, @unchecked Sendable {
    let connection: PostgresConnection
    let logger: Logger
    private let statements: StatementCounter?
    private let names: PreparedStatementNames?

    public convenience init(_ connection: PostgresConnection, logger: Logger = PostgresConnector.silentLogger) {
        self.init(connection, logger: logger, counting: nil, preparingAs: nil)
    }

    /// `statements` counts each statement sent (`PostgresStorage.statementsSent`); with `names`,
    /// statements run prepared under those names, otherwise unnamed.
    init(_ connection: PostgresConnection, logger: Logger, counting statements: StatementCounter?,
         preparingAs names: PreparedStatementNames?) {
        self.connection = connection
        self.logger = logger
        self.statements = statements
        self.names = names
    }

    public func fetchAll<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL, _ arguments: StoreArguments) async throws -> [T] {
        try await rows(sql, arguments, upTo: .max).map { try T(storeRow: try StoredRow($0)) }
    }

    public func fetchOne<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL, _ arguments: StoreArguments) async throws -> T? {
        try await rows(sql, arguments, upTo: 1).first.map { try T(storeRow: try StoredRow($0)) }
    }

    @discardableResult
    public func execute(_ sql: StoreSQL, _ arguments: StoreArguments) async throws -> Int {
        let (binds, types) = try bindings(arguments)
        statements?.add(1)
        let prepared = try names?.prepared(sql.postgres, types: types)
        if let prepared, prepared.count != .commandTagOnly {
            return try await run(prepared, binds, keeping: 0).count
        }
        // A command-tag-only statement's prepared text is already numbered and has nothing added.
        let numbered = try prepared?.sql ?? PostgresPlaceholders.numbered(sql.postgres, count: types.count)
        return try await unnamed(numbered, binds).metadata.rows ?? 0
    }

    /// The statement's rows, the first `limit` of them (all are read off the connection).
    private func rows(_ sql: StoreSQL, _ arguments: StoreArguments, upTo limit: Int) async throws -> [PostgresRow] {
        let (binds, types) = try bindings(arguments)
        statements?.add(1)
        if let prepared = try names?.prepared(sql.postgres, types: types), prepared.count != .rowsReturned {
            return try await run(prepared, binds, keeping: limit).rows
        }
        return Array(try await unnamed(PostgresPlaceholders.numbered(sql.postgres, count: types.count), binds).rows.prefix(limit))
    }

    /// Runs a prepared statement: how many rows it answered, and the first `limit` of them.
    private func run(_ prepared: PreparedStatementNames.Prepared, _ binds: PostgresBindings,
                     keeping limit: Int) async throws -> (count: Int, rows: [PostgresRow]) {
        try await StoreStatement.$current.withValue(prepared) {
            var rows: [PostgresRow] = []
            var count = 0
            for try await row in try await connection.execute(StoreStatement.Rows(binds: binds), logger: logger) {
                count += 1
                if rows.count < limit { rows.append(row) }
            }
            return (count, rows)
        }
    }

    /// `numbered` (placeholders as `$1`, `$2`, …) sent unnamed: parsed and planned for this run only.
    private func unnamed(_ numbered: String, _ binds: PostgresBindings) async throws -> PostgresQueryResult {
        let query = PostgresQuery(unsafeSQL: numbered, binds: binds)
        let result: EventLoopFuture<PostgresQueryResult> = connection.query(query, logger: logger)
        return try await result.get()
    }

    /// The arguments bound as PostgreSQL's own types, and those types (a prepared statement's
    /// name depends on them; `null` leaves the type to the server).
    private func bindings(_ arguments: StoreArguments) throws -> (PostgresBindings, [PostgresDataType]) {
        let values = try arguments.storeValues()
        var binds = PostgresBindings(capacity: values.count)
        var types: [PostgresDataType] = []
        types.reserveCapacity(values.count)
        for value in values {
            switch value {
            case .null: binds.appendNull(); types.append(.null)
            case let .integer(number): try binds.append(number); types.append(.int8)
            case let .real(number): try binds.append(number); types.append(.float8)
            case let .text(text): try binds.append(text); types.append(.text)
            case let .blob(bytes): try binds.append(ByteBuffer(bytes: bytes)); types.append(.bytea)
            }
        }
        return (binds, types)
    }
}

/// Counts the statements a storage sends: each is a round trip, the cost a write on PostgreSQL
/// is measured by (`PostgresStorage.statementsSent`, `RoundTripBudgetTests`).
final class StatementCounter: Sendable {
    private let count = Atomic<Int>(0)

    var value: Int { count.load(ordering: .relaxed) }

    func add(_ statements: Int) {
        count.add(statements, ordering: .relaxed)
    }
}
