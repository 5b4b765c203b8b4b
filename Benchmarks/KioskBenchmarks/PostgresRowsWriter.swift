import Foundation
import GRDB
import KioskPostgres
import Logging
import PostgresNIO

/// Issue 14's baseline on PostgreSQL: the rows one keyed purchase inserts (captured from a real
/// purchase, as `CapturedRowsWriter` captures them) inserted with plain SQL into a database
/// migrated to Kiosk's PostgreSQL schema, one transaction per purchase, with the server's own
/// durability (`synchronous_commit = on`; the cluster must run with fsync on). A connection
/// stands for one server instance's writer, so two connections writing at once are two instances.
final class PostgresRowsWriter: Sendable {
    let rows: CapturedRowsWriter
    private let admin: PostgresLocation
    private let database: String
    private let connections: [PostgresConnection]
    /// Per table, each captured column's PostgreSQL type, to bind SQLite's values as it expects.
    private let columnTypes: [String: [String: String]]
    /// Where the synchronous bridge runs, as a synchronous rules engine runs on its writer queue.
    private let writerQueue = DispatchQueue(label: "kiosk.bench.postgres-writer")

    private init(rows: CapturedRowsWriter, admin: PostgresLocation, database: String, connections: [PostgresConnection],
                 columnTypes: [String: [String: String]]) {
        self.rows = rows
        self.admin = admin
        self.database = database
        self.connections = connections
        self.columnTypes = columnTypes
    }

    /// A new database on the server of `url` (`KIOSK_BENCH_POSTGRES_URL`), migrated by Kiosk's
    /// migrator, with `connections` open connections to it.
    static func make(url: String, rows: CapturedRowsWriter, connections count: Int) async throws -> PostgresRowsWriter {
        let admin = try PostgresLocation(url: url)
        let name = "kiosk_bench_\(UUID().uuidString.prefix(8).lowercased())"
        try await PostgresConnector.withConnection(to: admin.with(database: "postgres"), doing: "create the benchmark database") {
            try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: PostgresConnector.silentLogger)
        }
        let location = admin.with(database: name)
        _ = try await PostgresMigrator(location: location).migrate()
        var connections: [PostgresConnection] = []
        for id in 0..<count {
            connections.append(try await PostgresConnection.connect(
                configuration: PostgresConnector.configuration(for: location), id: id, logger: PostgresConnector.silentLogger))
        }
        var types: [String: [String: String]] = [:]
        let typeRows = try await connections[0].query(PostgresQuery(unsafeSQL: """
            SELECT table_name, column_name, data_type FROM information_schema.columns WHERE table_schema = 'public'
            """), logger: PostgresConnector.silentLogger)
        for try await (table, column, type) in typeRows.decode((String, String, String).self) {
            types[table, default: [:]][column] = type
        }
        let writer = PostgresRowsWriter(rows: rows, admin: admin, database: name, connections: connections, columnTypes: types)
        // What the purchase's rows refer to (the buyer, the buyer's test clock) is there first.
        for table in ["test_clocks", "accounts"] {
            let existing = try await rows.allRows(of: table)
            for query in writer.inserts(into: table, columns: existing.columns, rows: existing.rows) {
                try await connections[0].query(query, logger: PostgresConnector.silentLogger)
            }
        }
        return writer
    }

    /// One purchase's rows in one transaction on connection `index`, through PostgresNIO's async API.
    func commitOne(on index: Int) async throws {
        let connection = connections[index]
        let logger = PostgresConnector.silentLogger
        try await connection.query("BEGIN", logger: logger)
        for query in queries(copy: rows.nextCopy()) { try await connection.query(query, logger: logger) }
        try await connection.query("COMMIT", logger: logger)
    }

    /// The same, run synchronously on a writer queue that waits for each statement, as Kiosk's
    /// synchronous rules would run over PostgresNIO: what keeping the rules synchronous costs.
    func commitOneBridged(on index: Int) async throws {
        let connection = connections[index]
        let queries = queries(copy: rows.nextCopy())
        try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
            writerQueue.async {
                continuation.resume(with: Result { try Self.runBlocking(queries, on: connection) })
            }
        }
    }

    private static func runBlocking(_ queries: [PostgresQuery], on connection: PostgresConnection) throws {
        let logger = PostgresConnector.silentLogger
        _ = try connection.query(PostgresQuery(unsafeSQL: "BEGIN"), logger: logger).wait()
        for query in queries { _ = try connection.query(query, logger: logger).wait() }
        _ = try connection.query(PostgresQuery(unsafeSQL: "COMMIT"), logger: logger).wait()
    }

    private func queries(copy: Int) -> [PostgresQuery] {
        rows.rowsOfCopy(copy).flatMap { inserts(into: $0.name, columns: $0.columns, rows: $0.rows) }
    }

    private func inserts(into table: String, columns: [String], rows: [[DatabaseValue]]) -> [PostgresQuery] {
        guard !columns.isEmpty else { return [] }
        let types = columnTypes[table] ?? [:]
        let placeholders = (1...columns.count).map { "$\($0)" }.joined(separator: ", ")
        let sql = "INSERT INTO \(table) (\(columns.joined(separator: ", "))) VALUES (\(placeholders))"
        return rows.map { row in
            var binds = PostgresBindings()
            for (column, value) in zip(columns, row) { Self.bind(value, as: types[column], into: &binds) }
            return PostgresQuery(unsafeSQL: sql, binds: binds)
        }
    }

    /// SQLite's value as the PostgreSQL column's type wants it (SQLite keeps booleans as integers).
    private static func bind(_ value: DatabaseValue, as type: String?, into binds: inout PostgresBindings) {
        switch (value.storage, type) {
        case (.null, _): binds.appendNull()
        case let (.int64(number), "boolean"?): binds.append(number != 0)
        case let (.int64(number), "integer"?): binds.append(Int32(number))
        case let (.int64(number), _): binds.append(number)
        case let (.double(number), _): binds.append(number)
        case let (.string(text), _): binds.append(text)
        case let (.blob(data), _): binds.append(ByteBuffer(bytes: data))
        }
    }

    /// Closes the connections and drops the benchmark's database.
    func remove() async {
        for connection in connections { try? await connection.close() }
        _ = try? await PostgresConnector.withConnection(to: admin.with(database: "postgres"), doing: "drop the benchmark database") {
            try await $0.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(database)"), logger: PostgresConnector.silentLogger)
        }
        rows.remove()
    }
}
