import Foundation
@testable import KioskPostgres
import KioskPostgresStore
import Testing

@Suite("PostgreSQL migrations", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct PostgresMigratorTests {
    @Test func emptyDatabaseReachesTheLatestVersionAndASecondRunAppliesNothing() async throws {
        try await TestCluster.withDatabase { location in
            let migrator = PostgresMigrator(location: location)
            let first = try await migrator.migrate()
            #expect(first == PostgresMigrationReport(startingVersion: 0, applied: PostgresStoreSchema.migrations.map(\.version),
                                                     currentVersion: PostgresStoreSchema.latestVersion))
            #expect(first.description == "Migrated to v\(PostgresStoreSchema.latestVersion) (applied v\(PostgresStoreSchema.migrations[0].version)…v\(PostgresStoreSchema.latestVersion))")

            let second = try await migrator.migrate()
            #expect(second.applied.isEmpty)
            #expect(second.description == "Schema is current (v\(PostgresStoreSchema.latestVersion))")

            let recorded = try await TestCluster.strings(
                "SELECT version || ' ' || name FROM kiosk_schema_versions ORDER BY version", at: location)
            #expect(recorded == PostgresStoreSchema.migrations.map { "\($0.version) \($0.name)" })
        }
    }

    @Test func twoConcurrentMigratorsEndWithOneSchemaAndNoError() async throws {
        try await TestCluster.withDatabase { location in
            async let first = PostgresMigrator(location: location).migrate()
            async let second = PostgresMigrator(location: location).migrate()
            let reports = try await [first, second]
            #expect(reports.allSatisfy { $0.currentVersion == PostgresStoreSchema.latestVersion })
            // Every version was applied exactly once, by one or the other.
            #expect((reports[0].applied + reports[1].applied).sorted() == PostgresStoreSchema.migrations.map(\.version))
            let versions = try await TestCluster.strings("SELECT count(*)::text FROM kiosk_schema_versions", at: location)
            #expect(versions == ["\(PostgresStoreSchema.migrations.count)"])
        }
    }

    /// A DBA makes a schema for a role that may not create schemas: the role migrates into it.
    @Test func aSchemaMadeForTheRoleIsUsedWithoutCreatingOne() async throws {
        try await TestCluster.withPasswordRole(password: "schema-horse", owner: false) { location in
            let admin = try TestCluster.adminLocation().with(database: location.database)
            try await TestCluster.execute(["CREATE SCHEMA app_store AUTHORIZATION \(location.user)"], at: admin)
            let report = try await PostgresMigrator(location: location.with(schema: "app_store")).migrate()
            #expect(report.currentVersion == PostgresStoreSchema.latestVersion)
        }
    }

    /// Servers starting together on a new schema take turns making it.
    @Test func concurrentMigratorsMakeANewSchemaOnce() async throws {
        try await TestCluster.withDatabase { database in
            let location = database.with(schema: "fresh_store")
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<4 { group.addTask { _ = try await PostgresMigrator(location: location).migrate() } }
                try await group.waitForAll()
            }
            #expect(try await TestCluster.strings("SELECT count(*)::text FROM fresh_store.kiosk_schema_versions", at: database)
                    == ["\(PostgresStoreSchema.migrations.count)"])
        }
    }

    @Test func newerRecordedSchemaIsRefusedAndNothingChanges() async throws {
        try await TestCluster.withDatabase { location in
            _ = try await PostgresMigrator(location: location).migrate()
            let newer = PostgresStoreSchema.latestVersion + 1
            try await TestCluster.execute(
                ["INSERT INTO kiosk_schema_versions VALUES (\(newer), 'v\(newer)-from-the-future', 0)"], at: location)
            let tablesBefore = try await tableNames(location)

            let failure = await #expect(throws: PostgresStoreFailure.self) {
                try await PostgresMigrator(location: location).migrate()
            }
            #expect(failure?.kind == .newerSchema)
            #expect(failure?.exitCode == 78)
            #expect(failure?.message.contains("v\(newer) (v\(newer)-from-the-future)") == true)

            #expect(try await tableNames(location) == tablesBefore)
            let versions = try await TestCluster.strings("SELECT max(version)::text FROM kiosk_schema_versions", at: location)
            #expect(versions == ["\(newer)"])
        }
    }

    @Test func aHistoryFromAnotherBranchIsRefusedAndNothingChanges() async throws {
        try await TestCluster.withDatabase { location in
            let first = PostgresMigration(version: 1, name: "v1", statements: ["CREATE TABLE first (id TEXT PRIMARY KEY)"])
            let ours = PostgresMigration(version: 2, name: "v2-ours", statements: ["CREATE TABLE ours (id TEXT PRIMARY KEY)"])
            let theirs = PostgresMigration(version: 2, name: "v2-theirs", statements: ["CREATE TABLE theirs (id TEXT PRIMARY KEY)"])
            let third = PostgresMigration(version: 3, name: "v3", statements: ["CREATE TABLE third (id TEXT PRIMARY KEY)"])
            _ = try await PostgresMigrator(location: location, migrations: [first, theirs]).migrate()

            let failure = await #expect(throws: PostgresStoreFailure.self) {
                try await PostgresMigrator(location: location, migrations: [first, ours, third]).migrate()
            }
            #expect(failure?.kind == .divergentSchema)
            #expect(failure?.exitCode == 78)
            #expect(failure?.message.contains("records v2 as v2-theirs, but this build's v2 is v2-ours") == true)
            #expect(try await tableNames(location) == ["first", "kiosk_schema_versions", "theirs"])
        }
    }

    @Test func aFailingMigrationLeavesThePreviousVersion() async throws {
        try await TestCluster.withDatabase { location in
            let good = PostgresMigration(version: 1, name: "v1-good", statements: ["CREATE TABLE kept (id TEXT PRIMARY KEY)"])
            let bad = PostgresMigration(version: 2, name: "v2-bad", statements: [
                "CREATE TABLE half_made (id TEXT PRIMARY KEY)",
                "ALTER TABLE no_such_table ADD COLUMN x TEXT",
            ])
            await #expect(throws: PostgresStoreFailure.self) {
                try await PostgresMigrator(location: location, migrations: [good, bad]).migrate()
            }
            #expect(try await tableNames(location) == ["kept", "kiosk_schema_versions"])
            let versions = try await TestCluster.strings("SELECT max(version)::text FROM kiosk_schema_versions", at: location)
            #expect(versions == ["1"])
        }
    }

    @Test func readOnlyDatabaseIsRefusedBeforeAnythingIsWritten() async throws {
        try await TestCluster.withDatabase { location in
            try await TestCluster.execute(
                ["ALTER DATABASE \(location.database) SET default_transaction_read_only = on"],
                at: try TestCluster.adminLocation())
            let failure = await #expect(throws: PostgresStoreFailure.self) {
                try await PostgresMigrator(location: location).migrate()
            }
            #expect(failure?.kind == .readOnly)
            #expect(failure?.exitCode == 78)
            #expect(try await tableNames(location).isEmpty)
        }
    }

    @Test func statusReportsTheRecordedVersionWithoutChangingAnything() async throws {
        try await TestCluster.withDatabase { location in
            let before = try await PostgresMigrator(location: location).status()
            #expect(before.recordedVersion == 0)
            #expect(!before.isCurrent)
            #expect(try await tableNames(location).isEmpty)
            _ = try await PostgresMigrator(location: location).migrate()
            let after = try await PostgresMigrator(location: location).status()
            #expect(after.isCurrent)
            #expect(after.server.serverVersion.isEmpty == false)
        }
    }

    /// A throwaway store goes with its named snapshots, and another store's stay.
    @Test func droppingAStoreDropsItsSnapshotsAndNoOtherStores() async throws {
        try await TestCluster.withDatabase { database in
            for schema in ["gone", "kept"] {
                let location = database.with(schema: schema)
                _ = try await PostgresMigrator(location: location).migrate()
                try await PostgresStorage(location: location, connections: 1).saveSnapshot("before-\(schema).1")
            }
            let snapshotSchemas = "SELECT count(*)::text FROM pg_namespace WHERE nspname LIKE 'kiosk\\_snapshot\\_%'"
            #expect(try await TestCluster.strings(snapshotSchemas, at: database) == ["2"])
            try await PostgresMigrator(location: database.with(schema: "gone")).dropSchema()
            #expect(try await TestCluster.strings(snapshotSchemas, at: database) == ["1"])
            #expect(try await PostgresStorage(location: database.with(schema: "kept"), connections: 1).snapshotNames() == ["before-kept.1"])
            #expect(try await TestCluster.strings("SELECT count(*)::text FROM pg_namespace WHERE nspname = 'gone'", at: database) == ["0"])
        }
    }

    private func tableNames(_ location: PostgresLocation) async throws -> [String] {
        try await TestCluster.strings(
            "SELECT table_name::text FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1", at: location)
    }
}
