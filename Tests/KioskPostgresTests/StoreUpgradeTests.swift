import Foundation
import GRDB
@testable import KioskPostgres
@testable import PaymentsCore
import Testing

/// A store left on any earlier version upgrades to this build's and keeps every row: each table
/// there was gets a row at the old version, and after the upgrade every one of those tables still
/// holds at least as many rows. (What each step makes of the rows is frozen by
/// `StoreSchemaGoldenTests`: the statements are those that ran when the step was written.)
@Suite("Store upgrades keep rows")
struct StoreUpgradeTests {
    /// Every value a filler writes: text that is also a JSON document (a data step may read a
    /// column as JSON) and the id every foreign key names.
    static let text = "1"

    @Test(arguments: Array(1..<PostgresStoreSchema.migrations.count))
    func sqliteStoreUpgradesFromEveryVersion(version: Int) throws {
        let queue = try DatabaseQueue()
        let migrator = StoreSchema.migrator
        try migrator.migrate(queue, upTo: PostgresStoreSchema.migrations[version - 1].name)
        let before = try queue.write { db in
            let tables = try String.fetchAll(db, sql: """
                SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'grdb_migrations'
                ORDER BY name <> 'test_clocks', name <> 'accounts', name
                """)
            for table in tables {
                let columns = try Row.fetchAll(db, sql: "SELECT name, type FROM pragma_table_info(?)", arguments: [table])
                let values = columns.map { row -> String in (row["type"] as String) == "INTEGER" ? "1" : "'\(Self.text)'" }
                try db.execute(sql: "INSERT INTO \(table) (\(columns.map { row -> String in row["name"] }.joined(separator: ", "))) "
                                    + "VALUES (\(values.joined(separator: ", ")))")
            }
            return try Self.counts(tables) { try Int.fetchOne(db, sql: $0) ?? 0 }
        }
        try migrator.migrate(queue)
        let after = try queue.read { db in try Self.counts(Array(before.keys)) { try Int.fetchOne(db, sql: $0) ?? 0 } }
        #expect(!before.isEmpty)
        for (table, count) in before {
            #expect((after[table] ?? 0) >= count, "v\(version) \(table): \(count) rows before, \(after[table] ?? 0) after")
        }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations") }
                == PostgresStoreSchema.migrations.count)
    }

    /// The versions stores were left on this week and the steps that move rows between tables.
    @Test(.enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"),
          arguments: [1, 22, 25, 26, 29, 30, 31, 32])
    func postgresStoreUpgradesFromVersion(version: Int) async throws {
        try await TestCluster.withDatabase { location in
            let old = PostgresMigrator(location: location, migrations: Array(PostgresStoreSchema.migrations.prefix(version)))
            _ = try await old.migrate()
            let tables = try await TestCluster.strings("""
                SELECT table_name FROM information_schema.tables
                WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'kiosk_schema_versions'
                ORDER BY table_name <> 'test_clocks', table_name <> 'accounts', table_name
                """, at: location)
            var inserts: [String] = []
            for table in tables {
                let columns = try await TestCluster.strings("""
                    SELECT column_name || '|' || data_type FROM information_schema.columns
                    WHERE table_schema = 'public' AND table_name = '\(table)' AND is_identity = 'NO' ORDER BY ordinal_position
                    """, at: location).map { $0.split(separator: "|").map(String.init) }
                let values = columns.map { $0[1] == "text" ? "'\(Self.text)'" : "1" }
                inserts.append("INSERT INTO \(table) (\(columns.map { $0[0] }.joined(separator: ", "))) VALUES (\(values.joined(separator: ", ")))")
            }
            try await TestCluster.execute(inserts, at: location)
            let before = try await Self.postgresCounts(tables, at: location)
            let report = try await PostgresMigrator(location: location).migrate()
            #expect(report.currentVersion == PostgresStoreSchema.latestVersion)
            let after = try await Self.postgresCounts(tables, at: location)
            for (table, count) in before {
                #expect((after[table] ?? 0) >= count, "v\(version) \(table): \(count) rows before, \(after[table] ?? 0) after")
            }
        }
    }

    /// Requests left `approving` by an approval cut short before v27 are settled once: approved
    /// where the approval's key names a sale, waiting again where it does not; no row goes.
    @Test func requestsLeftBeingApprovedAreSettledByTheUpgrade() throws {
        let queue = try DatabaseQueue()
        let settling = try #require(PostgresStoreSchema.migrations.firstIndex { $0.name == "v31-appstore-settled-approvals" })
        try StoreSchema.migrator.migrate(queue, upTo: PostgresStoreSchema.migrations[settling - 1].name)
        try queue.write { db in
            for (id, kind) in [("skpend_000001", "ask_to_buy"), ("skpend_000002", "interrupted_purchase"), ("skpend_000003", "ask_to_buy")] {
                try db.execute(sql: """
                    INSERT INTO appstore_pending_actions(id, account_id, kind, product_id, request, created_at, resolved_at, resolution)
                    VALUES (?, 'acct_1', ?, 'pro.monthly', '{}', 1, 2, ?)
                    """, arguments: [id, kind, id == "skpend_000003" ? "declined" : "approving"])
            }
            try db.execute(sql: """
                INSERT INTO appstore_purchase_keys(key, request, transaction_id, created_at)
                VALUES ('approval:skpend_000001', '{}', '2000100000000001', 3)
                """)
        }
        try StoreSchema.migrator.migrate(queue)
        let rows = try queue.read { db in
            try Row.fetchAll(db, sql: "SELECT id, resolved_at, resolution FROM appstore_pending_actions ORDER BY id").map { row in
                "\(row["id"] as String) \(row["resolved_at"] as Int64? ?? -1) \(row["resolution"] as String? ?? "waiting")"
            }
        }
        #expect(rows == ["skpend_000001 2 approved", "skpend_000002 -1 waiting", "skpend_000003 2 declined"])
    }

    private static func counts(_ tables: [String], _ count: (String) throws -> Int) throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in tables { counts[table] = try count("SELECT COUNT(*) FROM \(table)") }
        return counts
    }

    private static func postgresCounts(_ tables: [String], at location: PostgresLocation) async throws -> [String: Int] {
        var counts: [String: Int] = [:]
        for table in tables {
            counts[table] = Int(try await TestCluster.strings("SELECT COUNT(*)::text FROM \(table)", at: location).first ?? "")
        }
        return counts
    }
}
