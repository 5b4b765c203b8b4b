import KioskPostgres
import Logging
import NIOCore
import PaymentsCore
import PostgresNIO

/// The PostgreSQL side of `StoreTransaction`, over one connection inside its transaction (see
/// `PostgresTransactionRunner`, which begins, commits and retries it).
///
/// Each statement is one round trip. The rules' `?` placeholders become `$1`, `$2`, …
/// (`PostgresPlaceholders`), values bind as PostgreSQL's own types (`bigint`, `double precision`,
/// `text`, `bytea`), and cells come back as the same `StoreValue`s SQLite gives: a `boolean`
/// (what `EXISTS` answers) reads as the integer 0 or 1, and every integer width as `.integer`.
public final class PostgresTransaction: StoreTransaction, @unchecked Sendable {
    let connection: PostgresConnection
    let logger: Logger
    private let statements: StatementCounter?

    public convenience init(_ connection: PostgresConnection, logger: Logger = PostgresConnector.silentLogger) {
        self.init(connection, logger: logger, counting: nil)
    }

    /// `statements` counts each statement sent (`PostgresStorage.statementsSent`).
    init(_ connection: PostgresConnection, logger: Logger, counting statements: StatementCounter?) {
        self.connection = connection
        self.logger = logger
        self.statements = statements
    }

    public func fetchAll<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL, _ arguments: StoreArguments) async throws -> [T] {
        try await run(sql, arguments).rows.map { try T(storeRow: try StoredRow($0)) }
    }

    public func fetchOne<T: StoreDecodable>(_ type: T.Type, _ sql: StoreSQL, _ arguments: StoreArguments) async throws -> T? {
        try await run(sql, arguments).rows.first.map { try T(storeRow: try StoredRow($0)) }
    }

    @discardableResult
    public func execute(_ sql: StoreSQL, _ arguments: StoreArguments) async throws -> Int {
        try await run(sql, arguments).metadata.rows ?? 0
    }

    private func run(_ sql: StoreSQL, _ arguments: StoreArguments) async throws -> PostgresQueryResult {
        var binds = PostgresBindings(capacity: arguments.values.count)
        for value in try arguments.storeValues() {
            switch value {
            case .null: binds.appendNull()
            case let .integer(number): try binds.append(number)
            case let .real(number): try binds.append(number)
            case let .text(text): try binds.append(text)
            case let .blob(bytes): try binds.append(ByteBuffer(bytes: bytes))
            }
        }
        let query = PostgresQuery(unsafeSQL: try PostgresPlaceholders.numbered(sql.postgres, count: binds.count),
                                  binds: binds)
        statements?.add(1)
        let result: EventLoopFuture<PostgresQueryResult> = connection.query(query, logger: logger)
        return try await result.get()
    }
}
