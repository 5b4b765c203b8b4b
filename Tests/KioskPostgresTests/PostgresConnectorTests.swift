import Foundation
import KioskPostgres
import Testing

/// Connection failures are classified from PostgresNIO's codes and the server's SQLSTATE.
/// The wrong-password case needs the `kiosk_password_users` rule that `.ci/postgres.sh` writes
/// into pg_hba.conf (members of that role must give a SCRAM password; everyone else is trusted).
@Suite("PostgreSQL connection failures", .enabled(if: TestCluster.isConfigured, "needs KIOSK_TEST_POSTGRES_URL (.ci/postgres.sh start)"))
struct PostgresConnectorTests {
    @Test func wrongPasswordIsAnAuthenticationFailure() async throws {
        try await TestCluster.withPasswordRole(password: "right-horse-battery") { location in
            let failure = await #expect(throws: PostgresStoreFailure.self) {
                try await PostgresMigrator(location: location.with(user: location.user, password: "wrong-staple")).migrate()
            }
            #expect(failure?.kind == .authentication)
            #expect(failure?.exitCode == 77)
            #expect(failure?.message.contains("wrong-staple") == false)
            #expect(failure?.message.contains(location.user) == true)

            let report = try await PostgresMigrator(location: location).migrate()
            #expect(report.currentVersion == PostgresStoreSchema.latestVersion)
        }
    }

    @Test func missingPasswordIsAnAuthenticationFailure() async throws {
        try await TestCluster.withPasswordRole(password: "right-horse-battery") { location in
            let failure = await #expect(throws: PostgresStoreFailure.self) {
                try await PostgresMigrator(location: location.with(user: location.user, password: nil)).migrate()
            }
            #expect(failure?.exitCode == 77)
        }
    }

    @Test func missingDatabaseIsAConfigurationFailure() async throws {
        let location = try TestCluster.adminLocation().with(database: "kiosk_missing_\(UUID().uuidString.prefix(8).lowercased())")
        let failure = await #expect(throws: PostgresStoreFailure.self) {
            try await PostgresMigrator(location: location).migrate()
        }
        #expect(failure?.kind == .missingDatabase)
        #expect(failure?.exitCode == 78)
        #expect(failure?.message.contains(location.database) == true)
    }

    @Test func unreachableServerIsUnavailable() async throws {
        let admin = try TestCluster.adminLocation()
        guard case let .unixSocket(directory, port) = admin.endpoint else {
            Issue.record("the test cluster is expected on a Unix socket")
            return
        }
        // No server listens on the next port's socket in the cluster's private directory.
        let nowhere = PostgresLocation(user: admin.user, password: nil,
                                       endpoint: .unixSocket(directory: directory, port: port == 65_535 ? 1 : port + 1),
                                       database: admin.database)
        let failure = await #expect(throws: PostgresStoreFailure.self) {
            try await PostgresMigrator(location: nowhere).migrate()
        }
        #expect(failure?.kind == .unreachable)
        #expect(failure?.exitCode == 69)
    }

    @Test func roleWithoutCreatePrivilegeIsAPermissionFailure() async throws {
        try await TestCluster.withPasswordRole(password: "right-horse-battery", owner: false) { location in
            let failure = await #expect(throws: PostgresStoreFailure.self) {
                try await PostgresMigrator(location: location).migrate()
            }
            #expect(failure?.kind == .permission)
            #expect(failure?.exitCode == 77)
        }
    }
}
