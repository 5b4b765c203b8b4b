import Foundation
import GRDB
import KioskPostgres
import PaymentsCore
import Testing

/// Keeps the PostgreSQL schema in step with the SQLite one: after both are migrated they have
/// the same migrations, tables, columns (in order), named indexes on the same columns, and
/// unique keys. When this fails after a new SQLite migration, add its PostgreSQL twin to
/// `PostgresStoreSchema.migrations`. Column types and partial-index conditions are not compared
/// (the dialects differ; `PostgresStoreSchema` documents the translation).
@Suite("PostgreSQL schema matches SQLite", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct PostgresSchemaParityTests {
    /// Tables that record migrations or SQLite's own bookkeeping, not the store's data.
    static let bookkeepingTables: Set<String> = ["grdb_migrations", "sqlite_sequence", "kiosk_schema_versions"]
    /// Columns PostgreSQL needs and SQLite does not: the writing transaction of an event, which
    /// orders the feed when several servers commit at once (SQLite has one writer).
    static let postgresOnlyColumns: [String: Set<String>] = ["events": ["tx"]]
    /// Tables PostgreSQL needs and SQLite does not: the keys its servers share (a SQLite store's
    /// are its data directory's files). The PostgreSQL side is read without them.
    static let postgresOnlyTables: Set<String> = ["kiosk_secrets"]

    static var unsharedPostgresTables: Set<String> { bookkeepingTables.union(postgresOnlyTables) }

    @Test func sameMigrationsTablesColumnsIndexesAndUniqueKeys() async throws {
        let sqlite = try SQLiteStoreShape.read()
        let postgres = try await TestCluster.withDatabase { location in
            _ = try await PostgresMigrator(location: location).migrate()
            return try await PostgresStoreShape.read(location)
        }
        #expect(sqlite.columnsByTable["accounts"]?.contains("email") == true, "the SQLite store was read")
        #expect(PostgresStoreSchema.migrations.map(\.name) == sqlite.migrations)
        #expect(postgres.columnsByTable.keys.sorted() == sqlite.columnsByTable.keys.sorted())
        for (table, columns) in sqlite.columnsByTable {
            let onlyPostgres = Self.postgresOnlyColumns[table] ?? []
            #expect(postgres.columnsByTable[table]?.filter { !onlyPostgres.contains($0) } == columns, "columns of \(table)")
        }
        for (name, key) in sqlite.namedIndexes {
            #expect(postgres.indexes[name] == key, "index \(name)")
        }
        let postgresUniqueKeys = postgres.uniqueKeys(excluding: Set(sqlite.namedIndexes.keys))
        #expect(sqlite.uniqueKeys.subtracting(postgresUniqueKeys).isEmpty,
                "unique keys missing on PostgreSQL: \(sqlite.uniqueKeys.subtracting(postgresUniqueKeys).map(\.description).sorted())")
        #expect(postgresUniqueKeys.subtracting(sqlite.uniqueKeys).isEmpty,
                "unique keys only on PostgreSQL: \(postgresUniqueKeys.subtracting(sqlite.uniqueKeys).map(\.description).sorted())")
    }
}

/// An index or key: its table, columns in order, and whether it is unique.
struct IndexKey: Hashable, CustomStringConvertible {
    let table: String
    let columns: [String]
    let isUnique: Bool

    var description: String { "\(isUnique ? "unique " : "")\(table)(\(columns.joined(separator: ", ")))" }
}

/// A fresh SQLite store as the app opens it (`StoreDatabase.open`), described.
struct SQLiteStoreShape {
    let migrations: [String]
    let columnsByTable: [String: [String]]
    /// Indexes created by name (`CREATE INDEX`).
    let namedIndexes: [String: IndexKey]
    /// PRIMARY KEY and UNIQUE constraints, including an INTEGER PRIMARY KEY, which SQLite keeps
    /// as the rowid rather than as an index.
    let uniqueKeys: Set<IndexKey>

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
        return try pool.read(read)
    }

    private static func read(_ db: Database) throws -> SQLiteStoreShape {
        let migrations = try String.fetchAll(db, sql: "SELECT identifier FROM grdb_migrations ORDER BY rowid")
        var columnsByTable: [String: [String]] = [:]
        var namedIndexes: [String: IndexKey] = [:]
        var uniqueKeys: Set<IndexKey> = []
        let tables = try String.fetchAll(db, sql: "SELECT name FROM sqlite_master WHERE type = 'table'")
        for table in tables where !PostgresSchemaParityTests.bookkeepingTables.contains(table) {
            let columns = try Row.fetchAll(db, sql: "SELECT name, pk FROM pragma_table_info(?) ORDER BY cid", arguments: [table])
            columnsByTable[table] = columns.map { row -> String in row["name"] }
            let primaryKey = columns.filter { row -> Bool in row["pk"] as Int > 0 }
                .sorted { ($0["pk"] as Int) < ($1["pk"] as Int) }.map { row -> String in row["name"] }
            if !primaryKey.isEmpty { uniqueKeys.insert(IndexKey(table: table, columns: primaryKey, isUnique: true)) }
            for index in try Row.fetchAll(db, sql: "SELECT name, \"unique\", origin FROM pragma_index_list(?)", arguments: [table]) {
                let name: String = index["name"]
                let indexColumns = try String.fetchAll(db, sql: "SELECT name FROM pragma_index_info(?) ORDER BY seqno", arguments: [name])
                let key = IndexKey(table: table, columns: indexColumns, isUnique: index["unique"] as Int == 1)
                if index["origin"] as String == "c" { namedIndexes[name] = key } else { uniqueKeys.insert(key) }
            }
        }
        return SQLiteStoreShape(migrations: migrations, columnsByTable: columnsByTable, namedIndexes: namedIndexes,
                                uniqueKeys: uniqueKeys)
    }
}

/// A migrated PostgreSQL database, described the same way.
struct PostgresStoreShape {
    let columnsByTable: [String: [String]]
    let indexes: [String: IndexKey]

    /// The unique indexes that are not named ones in SQLite: the keys of PRIMARY KEY and UNIQUE.
    /// `accounts_email_nocase`, on `lower(email)`, stands for SQLite's `email UNIQUE COLLATE NOCASE`.
    func uniqueKeys(excluding named: Set<String>) -> Set<IndexKey> {
        Set(indexes.filter { $0.value.isUnique && !named.contains($0.key) }.values)
    }

    static func read(_ location: PostgresLocation) async throws -> PostgresStoreShape {
        let columns = try await TestCluster.strings("""
            SELECT table_name || '|' || column_name FROM information_schema.columns
            WHERE table_schema = 'public' ORDER BY table_name, ordinal_position
            """, at: location)
        var columnsByTable: [String: [String]] = [:]
        for row in columns {
            let parts = row.split(separator: "|").map(String.init)
            guard !PostgresSchemaParityTests.unsharedPostgresTables.contains(parts[0]) else { continue }
            columnsByTable[parts[0], default: []].append(parts[1])
        }
        // One row per index: name|table|unique|column,column (an expression column as its text).
        let rows = try await TestCluster.strings("""
            SELECT index_class.relname || '|' || table_class.relname || '|' || index.indisunique::text || '|'
                || string_agg(pg_get_indexdef(index.indexrelid, key.position::int, true), ',' ORDER BY key.position)
            FROM pg_index index
            JOIN pg_class index_class ON index_class.oid = index.indexrelid
            JOIN pg_class table_class ON table_class.oid = index.indrelid
            JOIN pg_namespace namespace ON namespace.oid = table_class.relnamespace
            CROSS JOIN LATERAL generate_series(1, index.indnkeyatts) AS key(position)
            WHERE namespace.nspname = 'public' AND table_class.relname <> 'kiosk_schema_versions'
            GROUP BY index_class.relname, table_class.relname, index.indisunique
            """, at: location)
        var indexes: [String: IndexKey] = [:]
        for row in rows {
            let parts = row.split(separator: "|").map(String.init)
            guard !PostgresSchemaParityTests.unsharedPostgresTables.contains(parts[1]) else { continue }
            let columns = parts[3].split(separator: ",").map { $0 == "lower(email)" ? "email" : String($0) }
            indexes[parts[0]] = IndexKey(table: parts[1], columns: columns, isUnique: parts[2] == "true")
        }
        return PostgresStoreShape(columnsByTable: columnsByTable, indexes: indexes)
    }
}
