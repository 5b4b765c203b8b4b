import Foundation
@testable import KioskPostgres
import Testing
import TestSupport

/// `kiosk serve --database URL` through the built binary: the exit codes of sysexits(3) and a
/// one-line message on stderr that names what failed and never the password.
@Suite("kiosk serve --database", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct KioskServeDatabaseTests {
    @Test func migrateOnlyMigratesThenReportsTheSchemaCurrent() async throws {
        try await TestCluster.withDatabase { location in
            let first = try KioskBinary.run(["serve", "--database", location.urlForTests, "--migrate-only"])
            #expect(first.status == 0, "\(first.stderr)")
            #expect(first.stdout == "Migrated to v\(PostgresStoreSchema.latestVersion) (applied v\(PostgresStoreSchema.migrations[0].version)…v\(PostgresStoreSchema.latestVersion))\n")

            let second = try KioskBinary.run(["serve", "--migrate-only"], environment: ["KIOSK_DATABASE_URL": location.urlForTests])
            #expect(second.status == 0, "\(second.stderr)")
            #expect(second.stdout == "Schema is current (v\(PostgresStoreSchema.latestVersion))\n")
        }
    }

    @Test func statusSaysWhereTheSchemaStandsBeforeAndAfterMigrating() async throws {
        try await TestCluster.withDatabase { location in
            let before = try KioskBinary.run(["status", "--database", location.urlForTests])
            #expect(before.status == 0, "\(before.stderr)")
            #expect(before.stdout.hasPrefix("PostgreSQL 1"))
            #expect(before.stdout.contains("Schema: no Kiosk schema yet (this build's is v\(PostgresStoreSchema.latestVersion))"))
            _ = try KioskBinary.run(["serve", "--database", location.urlForTests, "--migrate-only"])
            let after = try KioskBinary.run(["status"], environment: ["KIOSK_DATABASE_URL": location.urlForTests])
            #expect(after.status == 0, "\(after.stderr)")
            #expect(after.stdout.contains("\nSchema: v\(PostgresStoreSchema.latestVersion), current\n"))
            #expect(after.stdout.contains("No customers yet"), "\(after.stdout)")
        }
    }

    /// A team on PostgreSQL sees the same store view as on a data directory, under the schema
    /// header: the catalog's plans, the accounts, and an account's plan, usage and invoices.
    @Test func statusShowsTheStoreKeptInTheDatabase() async throws {
        try await TestCluster.withDatabase { location in
            let url = location.urlForTests
            let seeded = try KioskBinary.run(["seed", "--database", url, "--accounts", "3", "--months", "2",
                                              "--start", "2026-01-01"])
            #expect(seeded.status == 0, "\(seeded.stderr)")
            let first = try #require(try await TestCluster.strings(
                "SELECT account_id FROM invoices ORDER BY account_id LIMIT 1", at: location).first)
            let status = try KioskBinary.run(["status", "--database", url, "--account", first])
            #expect(status.status == 0, "\(status.stderr)")
            let lines = status.stdout.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            #expect(lines.first?.hasPrefix("PostgreSQL 1") == true, "\(status.stdout)")
            #expect(lines.dropFirst().first == "Schema: v\(PostgresStoreSchema.latestVersion), current")
            #expect(lines.contains("Accounts: 3"), "\(status.stdout)")
            #expect(lines.contains("Plans:"), "\(status.stdout)")
            #expect(lines.contains { $0.contains("(\(first), ") }, "\(status.stdout)")
            #expect(lines.contains { $0.hasPrefix("  Plan: ") }, "\(status.stdout)")
            let invoices = try #require(lines.firstIndex { $0.hasPrefix("  Latest invoices") }, "\(status.stdout)")
            #expect(lines.count > invoices + 1 && lines[invoices + 1] != "    none", "\(status.stdout)")

            let json = try KioskBinary.run(["status", "--database", url, "--json", "--account", first])
            #expect(json.status == 0, "\(json.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object["accounts"] as? Int == 3)
            #expect((object["account"] as? [String: Any])?["id"] as? String == first)
            #expect(((object["account"] as? [String: Any])?["latest_invoices"] as? [Any])?.isEmpty == false)
            let database = try #require(object["database"] as? [String: Any])
            #expect(database["schema"] as? String == "current")
            #expect(database["schema_version"] as? Int == PostgresStoreSchema.latestVersion)
        }
    }

    /// Before the schema exists, `--json` answers the server and the schema state alone.
    @Test func statusJSONOfAnEmptyDatabaseSaysTheSchemaIsMissing() async throws {
        try await TestCluster.withDatabase { location in
            let json = try KioskBinary.run(["status", "--database", location.urlForTests, "--json"])
            #expect(json.status == 0, "\(json.stderr)")
            let object = try #require(try JSONSerialization.jsonObject(with: Data(json.stdout.utf8)) as? [String: Any])
            #expect(object.keys.sorted() == ["database"])
            #expect((object["database"] as? [String: Any])?["schema"] as? String == "missing")
            #expect((object["database"] as? [String: Any])?["schema_version"] as? Int == 0)
        }
    }

    @Test func statusOfAMissingDatabaseExits78() throws {
        let location = try TestCluster.adminLocation().with(database: "kiosk_missing_status_db")
        let outcome = try KioskBinary.run(["status", "--database", location.urlForTests])
        #expect(outcome.status == 78)
        #expect(outcome.stderr.hasPrefix("kiosk: "))
        #expect(outcome.stderr.contains("kiosk_missing_status_db"))
    }

    /// Serving migrates first; a refusal there (here: a role that does not own the database, so
    /// it may not create the store's tables) stops before serving, with the permission exit code.
    @Test func servingMigratesFirstAndARefusalStopsItBeforeServing() async throws {
        try await TestCluster.withPasswordRole(password: "serve-horse", owner: false) { location in
            let outcome = try KioskBinary.run(["serve", "--database", location.urlForTests, "--port", "0"])
            #expect(outcome.status == 77, "\(outcome.stderr)")
            #expect(!outcome.stdout.contains("Serving on"))
            #expect(outcome.stderr.hasPrefix("kiosk: "))
        }
    }

    /// `kiosk qa run --database`: a scenario's store in a schema of its own, dropped afterwards.
    @Test func qaScenariosRunOnPostgresAndLeaveNoSchemaBehind() async throws {
        let flow = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Resources/flows/refund.yaml")
        try await TestCluster.withDatabase { location in
            let outcome = try KioskBinary.run(["qa", "run", flow.path, "--database", location.urlForTests])
            #expect(outcome.status == 0, "\(outcome.stdout)\(outcome.stderr)")
            #expect(outcome.stdout.hasSuffix("1 passed, 0 failed\n"))
            #expect(try await TestCluster.strings(
                "SELECT schema_name FROM information_schema.schemata WHERE schema_name LIKE 'kiosk_qa_%'", at: location) == [])
        }
        let bad = try KioskBinary.run(["qa", "run", flow.path, "--database", "mysql://kiosk@host/db"])
        #expect(bad.status == 64)
        #expect(bad.stderr.contains("--database"))
    }

    /// `kiosk seed --database`: the history goes into the PostgreSQL store, its books balanced.
    @Test func seedFillsAPostgresStore() async throws {
        try await TestCluster.withDatabase { location in
            let outcome = try KioskBinary.run(["seed", "--database", location.urlForTests, "--accounts", "3", "--months", "2",
                                               "--start", "2026-01-01"])
            #expect(outcome.status == 0, "\(outcome.stderr)")
            #expect(outcome.stdout.hasPrefix("Seeded 3 customers"))
            #expect(outcome.stdout.contains("database \(location.database)"))
            #expect(try await TestCluster.strings("SELECT COUNT(*)::text FROM accounts", at: location) == ["3"])
            #expect(try await TestCluster.strings("SELECT (COUNT(*) > 3)::text FROM invoices", at: location) == ["true"])
        }
    }

    /// The operator's loop on a shared store: seed, save a snapshot, change the books, check
    /// them, restore, and list, each through `--database`.
    @Test func snapshotsAndTheBooksCheckWorkOnAPostgresStore() async throws {
        try await TestCluster.withDatabase { location in
            let url = location.urlForTests
            #expect(try KioskBinary.run(["seed", "--database", url, "--accounts", "2", "--months", "1", "--start", "2026-01-01"])
                .status == 0)
            let saved = try KioskBinary.run(["store", "snapshot", "save", "seeded", "--database", url])
            #expect(saved.status == 0, "\(saved.stderr)")
            #expect(saved.stdout == "Saved snapshot seeded.\n")
            #expect(try KioskBinary.run(["seed", "--database", url, "--accounts", "1", "--months", "1", "--start", "2026-03-01",
                                         "--seed", "2"]).status == 0)
            #expect(try await TestCluster.strings("SELECT COUNT(*)::text FROM accounts", at: location) == ["3"])

            let check = try KioskBinary.run(["store", "check", "--database", url])
            #expect(check.status == 0, "\(check.stderr)")
            #expect(check.stdout == "ok: the store opens and its invariants hold (3 accounts)\n")
            let restored = try KioskBinary.run(["store", "snapshot", "restore", "seeded", "--database", url])
            #expect(restored.status == 0, "\(restored.stderr)")
            #expect(try await TestCluster.strings("SELECT COUNT(*)::text FROM accounts", at: location) == ["2"])
            #expect(try KioskBinary.run(["store", "snapshot", "list", "--database", url]).stdout == "seeded\n")
            let missing = try KioskBinary.run(["store", "snapshot", "restore", "nothing", "--database", url])
            #expect(missing.status != 0 && missing.stderr.contains("nothing"), "\(missing.stderr)")
        }
    }

    @Test func wrongPasswordExits77WithoutPrintingIt() async throws {
        try await TestCluster.withPasswordRole(password: "right-horse-battery") { location in
            let wrong = location.with(user: location.user, password: "wrong-staple")
            let outcome = try KioskBinary.run(["serve", "--database", wrong.urlForTests, "--migrate-only"])
            #expect(outcome.status == 77)
            #expect(outcome.stderr.contains(location.user))
            #expect(!(outcome.stdout + outcome.stderr).contains("wrong-staple"))
            #expect(outcome.stderr.split(separator: "\n").count == 1)
        }
    }

    @Test func missingDatabaseExits78NamingIt() throws {
        let location = try TestCluster.adminLocation().with(database: "kiosk_missing_db")
            .with(user: TestCluster.adminLocation().user, password: "unused-secret")
        let outcome = try KioskBinary.run(["serve", "--database", location.urlForTests, "--migrate-only"])
        #expect(outcome.status == 78)
        #expect(outcome.stderr.contains("kiosk_missing_db"))
        #expect(!outcome.stderr.contains("unused-secret"))
    }

    @Test func unreachablePortExits69() throws {
        let admin = try TestCluster.adminLocation()
        guard case let .unixSocket(directory, port) = admin.endpoint else {
            Issue.record("the test cluster is expected on a Unix socket")
            return
        }
        let url = "postgres://kiosk:unused-secret@localhost:\(port == 65_535 ? 1 : port + 1)/kiosk?host=\(directory)"
        let outcome = try KioskBinary.run(["serve", "--database", url, "--migrate-only"])
        #expect(outcome.status == 69)
        #expect(outcome.stderr.contains(directory))
        #expect(!outcome.stderr.contains("unused-secret"))
    }

    @Test func badURLExits64NamingThePartWithoutThePassword() throws {
        let outcome = try KioskBinary.run(["serve", "--database", "postgres://kiosk:unused-secret@host:99999/kiosk", "--migrate-only"])
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("port \"99999\""))
        #expect(!outcome.stderr.contains("unused-secret"))
    }
}

/// The `kiosk` binary `swift build` placed beside the test bundle.
enum KioskBinary {
    struct Outcome {
        let status: Int32
        let stdout: String
        let stderr: String
    }

    /// Runs kiosk to its end with only `environment` (plus PATH and a throwaway HOME and data
    /// directory), so a developer's own KIOSK_DATABASE_URL never leaks in.
    static func run(_ arguments: [String], environment: [String: String] = [:]) throws -> Outcome {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-pg-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer {
            do { try FileManager.default.removeItem(at: scratch) } catch { Issue.record("cannot remove \(scratch.path): \(error)") }
        }
        let stdout = scratch.appendingPathComponent("stdout"), stderr = scratch.appendingPathComponent("stderr")
        let base = ["PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin", "HOME": scratch.path,
                    "KIOSK_DATA_DIR": scratch.appendingPathComponent("data").path, "LANG": "C.UTF-8"]
        let child = try ChildProcess(Bundle.main.bundleURL.appendingPathComponent("kiosk").path, arguments,
                                     environment: base.merging(environment) { $1 },
                                     standardOutput: .file(stdout.path), standardError: .file(stderr.path))
        let termination = try child.wait()
        return Outcome(status: termination.status, stdout: try String(contentsOf: stdout, encoding: .utf8),
                       stderr: try String(contentsOf: stderr, encoding: .utf8))
    }
}

extension PostgresLocation {
    /// The URL with its password, which the tests hand to kiosk (`description` redacts it).
    var urlForTests: String {
        let credentials = password.map { "\(user):\($0)" } ?? user
        switch endpoint {
        case let .tcp(host, port): return "postgres://\(credentials)@\(host):\(port)/\(database)"
        case let .unixSocket(directory, port): return "postgres://\(credentials)@localhost:\(port)/\(database)?host=\(directory)"
        }
    }
}
