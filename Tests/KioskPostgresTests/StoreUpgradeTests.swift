import Foundation
import GRDB
@testable import KioskPostgres
@testable import PaymentsCore
import Testing
import TestSupport

/// Stores made by the first week's history (v1…v30, squashed into the baseline): one at v30
/// upgrades keeping every row and ends with the very schema a new store gets; one older is
/// refused, untouched. Rows: each table gets one at the old version, and after the upgrade every
/// one of those tables still holds at least as many.
@Suite("Store upgrades keep rows")
struct StoreUpgradeTests {
    /// Every value a filler writes: text that is also a JSON document (a data step may read a
    /// column as JSON) and the id every foreign key names.
    static let text = "1"

    @Test func sqliteV30StoreUpgradesKeepingEveryRowToANewStoresSchema() throws {
        let directory = ScratchDirectories.make("kiosk-upgrade")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let old = directory.appendingPathComponent("old.sqlite")
        let queue = try DatabaseQueue(path: old.path)
        try SchemaHistory.sqliteStore(at: 30, in: queue)
        let made = try DatabaseQueue()
        try StoreSchema.migrator.migrate(made)
        #expect(try queue.read(Self.cursors) == made.read(Self.cursors), "a new store's feed cursors start as the history's")
        let before = try queue.write(Self.fillEveryTable)
        try queue.close()

        let upgraded = try StoreDatabase.open(at: old, connections: .single)
        let fresh = try StoreDatabase.open(at: directory.appendingPathComponent("new.sqlite"), connections: .single)
        let after = try upgraded.read { db in try Self.counts(Array(before.keys)) { try Int.fetchOne(db, sql: $0) ?? 0 } }
        #expect(before.count > 30)
        for (table, count) in before {
            #expect((after[table] ?? 0) >= count, "\(table): \(count) rows before, \(after[table] ?? 0) after")
        }
        let upgradedSchema = try upgraded.read(SQLiteSchemaListing.listing)
        #expect(upgradedSchema.count > 100)
        #expect(upgradedSchema == (try fresh.read(SQLiteSchemaListing.listing)))
        try upgraded.close()
        try fresh.close()
    }

    @Test func sqliteStoreOlderThanTheBaselineIsRefusedUntouched() throws {
        let directory = ScratchDirectories.make("kiosk-too-old")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let file = directory.appendingPathComponent("kiosk.sqlite")
        let queue = try DatabaseQueue(path: file.path)
        try SchemaHistory.sqliteStore(at: 29, in: queue)
        _ = try queue.write(Self.fillEveryTable)
        try queue.close()
        let bytes = try Data(contentsOf: file)

        let error = #expect(throws: PaymentsError.self) { try StoreDatabase.open(at: file) }
        #expect(error?.storeFileFailure?.kind == .olderSchema)
        #expect(error?.storeFileFailure?.exitCode == 78)
        #expect(error?.userMessage.contains("the store database \(file.path) has schema v29, older than v30") == true,
                "\(error?.userMessage ?? "")")
        #expect(error?.userMessage.contains("upgrade it with kiosk 0.3.0 first") == true)
        #expect(try Data(contentsOf: file) == bytes)
    }

    /// Stores the baseline made, at each version after it, upgrade to the latest.
    @Test(arguments: Array(1..<PostgresStoreSchema.migrations.count))
    func sqliteStoreUpgradesFromEveryVersion(steps: Int) throws {
        let queue = try DatabaseQueue()
        let migrator = StoreSchema.migrator
        try migrator.migrate(queue, upTo: PostgresStoreSchema.migrations[steps - 1].name)
        let before = try queue.write(Self.fillEveryTable)
        try migrator.migrate(queue)
        let after = try queue.read { db in try Self.counts(Array(before.keys)) { try Int.fetchOne(db, sql: $0) ?? 0 } }
        for (table, count) in before {
            #expect((after[table] ?? 0) >= count, "\(steps) steps, \(table): \(count) rows before, \(after[table] ?? 0) after")
        }
        #expect(try queue.read { db in try Int.fetchOne(db, sql: "SELECT COUNT(*) FROM grdb_migrations") }
                == PostgresStoreSchema.migrations.count)
    }

    @Test(.enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
    func postgresV30StoreUpgradesKeepingEveryRowToANewStoresSchema() async throws {
        let fresh = try await TestCluster.withDatabase { location in
            _ = try await PostgresMigrator(location: location).migrate()
            return (try await PostgresSchemaListing.read(location), try await TestCluster.strings(Self.postgresCursors, at: location))
        }
        try await TestCluster.withDatabase { location in
            try await SchemaHistory.postgresStore(at: 30, location)
            #expect(try await TestCluster.strings(Self.postgresCursors, at: location) == fresh.1)
            let before = try await Self.fillEveryPostgresTable(at: location)
            let report = try await PostgresMigrator(location: location).migrate()
            #expect(report.startingVersion == 30 && report.currentVersion == PostgresStoreSchema.latestVersion)
            let after = try await Self.postgresCounts(Array(before.keys), at: location)
            #expect(before.count > 30)
            for (table, count) in before {
                #expect((after[table] ?? 0) >= count, "\(table): \(count) rows before, \(after[table] ?? 0) after")
            }
            let upgraded = try await PostgresSchemaListing.read(location)
            #expect(upgraded.count > 300)
            #expect(upgraded == fresh.0)
        }
    }

    @Test(.enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
    func postgresStoreOlderThanTheBaselineIsRefusedUntouched() async throws {
        try await TestCluster.withDatabase { location in
            try await SchemaHistory.postgresStore(at: 29, location)
            let before = try await Self.fillEveryPostgresTable(at: location)
            let schema = try await PostgresSchemaListing.read(location)
            let failure = await #expect(throws: PostgresStoreFailure.self) {
                try await PostgresMigrator(location: location).migrate()
            }
            #expect(failure?.kind == .olderSchema)
            #expect(failure?.exitCode == 78)
            #expect(failure?.message.contains("\(location.database) on the PostgreSQL server") == true)
            #expect(failure?.message.contains("has schema v29, older than v30") == true, "\(failure?.message ?? "")")
            #expect(failure?.message.contains("upgrade it with kiosk 0.3.0 first") == true)
            #expect(try await PostgresSchemaListing.read(location) == schema)
            #expect(try await Self.postgresCounts(Array(before.keys), at: location) == before)
            #expect(try await TestCluster.strings("SELECT max(version)::text FROM kiosk_schema_versions", at: location) == ["29"])
            // `kiosk status` says what to do, not the `--migrate-only` that would refuse it.
            let status = try KioskBinary.run(["status", "--database", location.urlForTests])
            #expect(status.stdout.contains("Schema: v29, older than v30, the oldest this build upgrades: "
                + "upgrade it with kiosk 0.3.0 first"), "\(status.stdout)")
        }
    }

    /// Stores the baseline made, at each version after it, upgrade to the latest.
    @Test(.enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"),
          arguments: Array(1..<PostgresStoreSchema.migrations.count))
    func postgresStoreUpgradesFromVersion(steps: Int) async throws {
        try await TestCluster.withDatabase { location in
            let old = PostgresMigrator(location: location, migrations: Array(PostgresStoreSchema.migrations.prefix(steps)))
            _ = try await old.migrate()
            let before = try await Self.fillEveryPostgresTable(at: location)
            let report = try await PostgresMigrator(location: location).migrate()
            #expect(report.currentVersion == PostgresStoreSchema.latestVersion)
            let after = try await Self.postgresCounts(Array(before.keys), at: location)
            for (table, count) in before {
                #expect((after[table] ?? 0) >= count, "\(steps) steps, \(table): \(count) rows before, \(after[table] ?? 0) after")
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

    /// The feed cursors a store starts with.
    private static func cursors(_ db: Database) throws -> [String] {
        try String.fetchAll(db, sql: postgresCursors)
    }

    private static let postgresCursors = """
        SELECT 'provider ' || key || '=' || value FROM provider_state UNION ALL
        SELECT 'appstore ' || key || '=' || value FROM appstore_state ORDER BY 1
        """

    /// One row in every table of a SQLite store; the tables' row counts.
    private static func fillEveryTable(_ db: Database) throws -> [String: Int] {
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
        return try counts(tables) { try Int.fetchOne(db, sql: $0) ?? 0 }
    }

    /// One row in every table of a PostgreSQL store; the tables' row counts.
    private static func fillEveryPostgresTable(at location: PostgresLocation) async throws -> [String: Int] {
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
        return try await postgresCounts(tables, at: location)
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

/// The first week's history (v1…v30) as each engine ran it, kept as test data since the squash
/// (`__Schema__/<engine>-v30-history.sql`, the golden statements recorded before it): what kiosk
/// 0.3.0 ran, to make the stores the baseline's build must upgrade or refuse.
enum SchemaHistory {
    static func steps(_ engine: String) throws -> [(id: String, statements: [String])] {
        let file = SchemaGolden.directory.appendingPathComponent("\(engine)-v30-history.sql")
        var steps: [(id: String, statements: [String])] = []
        for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
            if line.hasPrefix("-- ") {
                steps.append((id: String(line.dropFirst(3)), statements: []))
            } else if !steps.isEmpty {
                steps[steps.count - 1].statements.append(String(line))
            }
        }
        return steps
    }

    /// A SQLite store as kiosk 0.3.0 left it at `version`, through GRDB's migrator as it ran.
    static func sqliteStore(at version: Int, in writer: some DatabaseWriter) throws {
        var migrator = DatabaseMigrator()
        for step in try steps("sqlite").prefix(version) {
            migrator.registerMigration(step.id) { db in
                for statement in step.statements { try db.execute(sql: statement) }
            }
        }
        try migrator.migrate(writer)
    }

    /// A PostgreSQL database as kiosk 0.3.0 left it at `version`.
    static func postgresStore(at version: Int, _ location: PostgresLocation) async throws {
        let migrations = try steps("postgres").prefix(version).enumerated().map { index, step in
            PostgresMigration(version: index + 1, name: step.id, statements: step.statements)
        }
        _ = try await PostgresMigrator(location: location, migrations: migrations).migrate()
    }
}
