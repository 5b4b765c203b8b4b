import Foundation
import GRDB
import KioskPostgres
import PaymentsCore
import Testing

/// Keeps the PostgreSQL schema in step with the SQLite one: after both are migrated they have
/// the same migrations, tables, columns and named indexes. When this fails after a new SQLite
/// migration, add its PostgreSQL twin to `PostgresStoreSchema.migrations`.
@Suite("PostgreSQL schema matches SQLite", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct PostgresSchemaParityTests {
    /// Tables that record migrations or SQLite's own bookkeeping, not the store's data.
    static let bookkeepingTables: Set<String> = ["grdb_migrations", "sqlite_sequence", "kiosk_schema_versions"]

    @Test func sameMigrationsTablesColumnsAndIndexes() async throws {
        let sqlite = try SQLiteStoreShape.read()
        let postgres = try await TestCluster.withDatabase { location in
            _ = try await PostgresMigrator(location: location).migrate()
            return try await PostgresStoreShape.read(location)
        }
        #expect(PostgresStoreSchema.migrations.map(\.name) == sqlite.migrations)
        #expect(postgres.columnsByTable.keys.sorted() == sqlite.columnsByTable.keys.sorted())
        for (table, columns) in sqlite.columnsByTable {
            #expect(postgres.columnsByTable[table] == columns, "columns of \(table)")
        }
        #expect(sqlite.namedIndexes.subtracting(postgres.indexes).isEmpty,
                "indexes missing on PostgreSQL: \(sqlite.namedIndexes.subtracting(postgres.indexes).sorted())")
    }
}

/// A fresh SQLite store as the app opens it (`StoreDatabase.open`), described.
struct SQLiteStoreShape {
    let migrations: [String]
    let columnsByTable: [String: [String]]
    /// Indexes created by name (not SQLite's automatic ones for PRIMARY KEY and UNIQUE).
    let namedIndexes: Set<String>

    static func read() throws -> SQLiteStoreShape {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-parity-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer {
            do { try FileManager.default.removeItem(at: directory) } catch { Issue.record("cannot remove \(directory.path): \(error)") }
        }
        let pool = try StoreDatabase.open(at: directory.appendingPathComponent("kiosk.sqlite"))
        defer {
            do { try pool.close() } catch { Issue.record("cannot close the SQLite store: \(error)") }
        }
        return try pool.read { db in
            let migrations = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
            var columnsByTable: [String: [String]] = [:]
            let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
            for table in tables where !PostgresSchemaParityTests.bookkeepingTables.contains(table) {
                columnsByTable[table] = try Row.fetchAll(db, sql: "SELECT name FROM pragma_table_info(?) ORDER BY cid",
                                                         arguments: [table]).map { row -> String in row["name"] }
            }
            let indexes = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_autoindex_%'
                """)
            return SQLiteStoreShape(migrations: migrations, columnsByTable: columnsByTable, namedIndexes: Set(indexes))
        }
    }
}

/// A migrated PostgreSQL database, described the same way.
struct PostgresStoreShape {
    let columnsByTable: [String: [String]]
    let indexes: Set<String>

    static func read(_ location: PostgresLocation) async throws -> PostgresStoreShape {
        let columns = try await TestCluster.strings("""
            SELECT table_name || '.' || column_name FROM information_schema.columns
            WHERE table_schema = 'public' ORDER BY table_name, ordinal_position
            """, at: location)
        var columnsByTable: [String: [String]] = [:]
        for qualified in columns {
            let parts = qualified.split(separator: ".", maxSplits: 1).map(String.init)
            guard !PostgresSchemaParityTests.bookkeepingTables.contains(parts[0]) else { continue }
            columnsByTable[parts[0], default: []].append(parts[1])
        }
        let indexes = try await TestCluster.strings(
            "SELECT indexname::text FROM pg_indexes WHERE schemaname = 'public'", at: location)
        return PostgresStoreShape(columnsByTable: columnsByTable, indexes: Set(indexes))
    }
}
