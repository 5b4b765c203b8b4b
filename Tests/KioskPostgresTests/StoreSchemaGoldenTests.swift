import Foundation
import GRDB
@testable import KioskPostgres
@testable import PaymentsCore
import Testing

/// The schema of every store already made must stay what it is: each engine runs, migration by
/// migration, exactly the statements it ran when the golden files in `__Schema__` were recorded
/// (the baseline and the steps after it), and ends with the same tables, columns, indexes and
/// constraints. Whitespace is not compared. The `*-schema.txt` files did not change when the
/// history was squashed into the baseline; `*-v30-history.sql` keeps that history's statements.
///
/// A new migration changes these files on purpose: record them again with
/// `KIOSK_RECORD_SCHEMA_GOLDEN=1` (and a `KIOSK_TEST_POSTGRES_URL` for the PostgreSQL listing),
/// then read the diff: only the new migration's lines may appear, and nothing may go.
@Suite("Store schema golden files")
struct StoreSchemaGoldenTests {
    @Test func sqliteRunsTheRecordedStatements() throws {
        try SchemaGolden.check(try SQLiteSchemaListing.executedStatements(), against: "sqlite-statements.sql")
    }

    @Test func postgresRunsTheRecordedStatements() throws {
        let listing = PostgresStoreSchema.migrations.flatMap { migration in
            ["-- \(migration.name)"] + migration.statements.map(SchemaGolden.oneLine)
        }
        try SchemaGolden.check(listing, against: "postgres-statements.sql")
    }

    @Test func sqliteStoreEndsWithTheRecordedSchema() throws {
        try SchemaGolden.check(try SQLiteSchemaListing.migratedSchema(), against: "sqlite-schema.txt")
    }

    @Test(.enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
    func postgresStoreEndsWithTheRecordedSchema() async throws {
        let listing = try await TestCluster.withDatabase { location in
            _ = try await PostgresMigrator(location: location).migrate()
            return try await PostgresSchemaListing.read(location)
        }
        try SchemaGolden.check(listing, against: "postgres-schema.txt")
    }
}

/// The golden files and how a listing is compared with one.
enum SchemaGolden {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("__Schema__")
    static var recording: Bool { ProcessInfo.processInfo.environment["KIOSK_RECORD_SCHEMA_GOLDEN"] != nil }

    /// A statement on one line, its runs of whitespace made one space.
    static func oneLine(_ sql: String) -> String {
        sql.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
    }

    static func check(_ lines: [String], against name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = directory.appendingPathComponent(name)
        let text = lines.joined(separator: "\n") + "\n"
        if recording {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            try text.write(to: file, atomically: true, encoding: .utf8)
            return
        }
        let recorded = try String(contentsOf: file, encoding: .utf8).split(separator: "\n").map(String.init)
        #expect(lines.count == recorded.count, "\(name): \(lines.count) lines, \(recorded.count) recorded", sourceLocation: sourceLocation)
        for (index, pair) in zip(lines, recorded).enumerated() where pair.0 != pair.1 {
            Issue.record("\(name) line \(index + 1):\n  now:      \(pair.0)\n  recorded: \(pair.1)", sourceLocation: sourceLocation)
        }
    }
}

/// What a SQLite store's migrations run and leave.
enum SQLiteSchemaListing {
    /// Collects what a traced connection runs.
    private final class Trace: @unchecked Sendable {
        private let lock = NSLock()
        private var statements: [(sql: String, expanded: String)] = []
        func append(_ sql: String, _ expanded: String) { lock.withLock { statements.append((sql, expanded)) } }
        var all: [(sql: String, expanded: String)] { lock.withLock { statements } }
    }

    /// The statements each migration of `StoreSchema.migrator` runs on a new store, as
    /// `-- <migration>` followed by its statements, one a line; the migrator's own bookkeeping
    /// (transactions, pragmas, `grdb_migrations`) is left out.
    static func executedStatements() throws -> [String] {
        let trace = Trace()
        let queue = try DatabaseQueue()
        queue.inDatabase { db in
            db.trace(options: .statement) { event in
                if case let .statement(statement) = event { trace.append(statement.sql, statement.expandedSQL) }
            }
        }
        try StoreSchema.migrator.migrate(queue)
        var lines: [String] = []
        var pending: [String] = []
        for (sql, expanded) in trace.all {
            let line = SchemaGolden.oneLine(sql)
            let keyword = line.prefix(while: { $0.isLetter }).uppercased()
            if line.contains("INSERT INTO grdb_migrations") || line.contains("INSERT INTO \"grdb_migrations\"") {
                let identifier = expanded.components(separatedBy: "'").dropFirst().first ?? expanded
                lines.append("-- \(identifier)")
                lines += pending
                pending = []
            } else if line.contains("grdb_migrations")
                        || ["BEGIN", "COMMIT", "SAVEPOINT", "RELEASE", "ROLLBACK", "PRAGMA"].contains(keyword) {
                continue
            } else {
                pending.append(line)
            }
        }
        #expect(pending.isEmpty, "statements after the last migration: \(pending)")
        return lines
    }

    /// `sqlite_master` of a store opened as the app opens it, one object a line.
    static func migratedSchema() throws -> [String] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer {
            do { try FileManager.default.removeItem(at: directory) } catch { Issue.record("cannot remove \(directory.path): \(error)") }
        }
        let pool = try StoreDatabase.open(at: directory.appendingPathComponent("kiosk.sqlite"))
        defer {
            do { try pool.close() } catch { Issue.record("cannot close the SQLite store: \(error)") }
        }
        return try pool.read(listing)
    }

    /// `sqlite_master`, one object a line.
    static func listing(_ db: Database) throws -> [String] {
        try Row.fetchAll(db, sql: "SELECT type, name, tbl_name, sql FROM sqlite_master ORDER BY type, name").map { row in
            let sql: String? = row["sql"]
            return "\(row["type"] as String) \(row["name"] as String) on \(row["tbl_name"] as String): "
                + SchemaGolden.oneLine(sql ?? "(implicit)")
        }
    }
}

/// What a migrated PostgreSQL database holds in its `public` schema, one object a line.
enum PostgresSchemaListing {
    static func read(_ location: PostgresLocation) async throws -> [String] {
        let columns = try await TestCluster.strings("""
            SELECT 'column ' || table_name || '.' || column_name || ' ' || data_type
                || CASE WHEN is_nullable = 'NO' THEN ' NOT NULL' ELSE '' END
                || COALESCE(' DEFAULT ' || column_default, '')
                || CASE WHEN is_identity = 'YES' THEN ' IDENTITY ' || identity_generation ELSE '' END
            FROM information_schema.columns WHERE table_schema = 'public' ORDER BY table_name, ordinal_position
            """, at: location)
        let indexes = try await TestCluster.strings("""
            SELECT 'index ' || indexname || ': ' || indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname
            """, at: location)
        let constraints = try await TestCluster.strings("""
            SELECT 'constraint ' || conrelid::regclass::text || '.' || conname || ': ' || pg_get_constraintdef(oid)
            FROM pg_constraint WHERE connamespace = 'public'::regnamespace ORDER BY 1
            """, at: location)
        let sequences = try await TestCluster.strings("""
            SELECT 'sequence ' || sequence_name || ' ' || data_type || ' from ' || minimum_value
            FROM information_schema.sequences WHERE sequence_schema = 'public' ORDER BY 1
            """, at: location)
        return columns + indexes + constraints + sequences
    }
}
