import Foundation
import KioskPostgres
import PostgresNIO

/// The PostgreSQL cluster the tests use: `KIOSK_TEST_POSTGRES_URL` (see `.ci/postgres.sh`). Each
/// test makes its own database, so tests run in parallel without seeing each other's tables.
enum TestCluster {
    static let urlVariable = "KIOSK_TEST_POSTGRES_URL"
    static var isConfigured: Bool { ProcessInfo.processInfo.environment[urlVariable] != nil }

    /// For storage a test makes but whose timeout it does not test: in a full run on two cores a
    /// first connection took longer than the 5 s default.
    static let connectionTimeout: Duration = .seconds(60)

    /// The cluster's administrative location (the URL as given).
    static func adminLocation() throws -> PostgresLocation {
        try PostgresLocation(url: ProcessInfo.processInfo.environment[urlVariable] ?? "")
    }

    /// Runs `body` with a new empty database `kiosk_test_<random>`, dropped afterwards whatever happens.
    static func withDatabase<Result: Sendable>(_ body: (PostgresLocation) async throws -> Result) async throws -> Result {
        let admin = try adminLocation()
        let name = "kiosk_test_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        try await execute(["CREATE DATABASE \(name)"], at: admin)
        let outcome: Swift.Result<Result, any Error>
        do {
            outcome = .success(try await body(admin.with(database: name)))
        } catch {
            outcome = .failure(error)
        }
        try await execute(["DROP DATABASE \(name) WITH (FORCE)"], at: admin)
        return try outcome.get()
    }

    /// Runs each statement on its own at `location`.
    static func execute(_ statements: [String], at location: PostgresLocation) async throws {
        try await PostgresConnector.withConnection(to: location, doing: "prepare the test") { connection in
            for statement in statements {
                try await connection.query(PostgresQuery(unsafeSQL: statement), logger: PostgresConnector.silentLogger)
            }
        }
    }

    /// The rows of a one-column text query.
    static func strings(_ sql: String, at location: PostgresLocation) async throws -> [String] {
        try await PostgresConnector.withConnection(to: location, doing: "read for the test") { connection in
            var values: [String] = []
            let rows = try await connection.query(PostgresQuery(unsafeSQL: sql), logger: PostgresConnector.silentLogger)
            for try await value in rows.decode(String.self) { values.append(value) }
            return values
        }
    }
}

extension TestCluster {
    /// Runs `body` with a new database and a new login role that must give `password` (a member
    /// of `kiosk_password_users`, see `.ci/postgres.sh`); by default the role owns the database.
    static func withPasswordRole(password: String, owner: Bool = true,
                                 _ body: (PostgresLocation) async throws -> Void) async throws {
        let admin = try adminLocation()
        let role = "kiosk_role_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        try await execute(["CREATE ROLE \(role) LOGIN PASSWORD '\(password)' IN ROLE kiosk_password_users"], at: admin)
        let outcome: Swift.Result<Void, any Error>
        do {
            try await withDatabase { location in
                if owner { try await execute(["ALTER DATABASE \(location.database) OWNER TO \(role)"], at: admin) }
                try await body(location.with(user: role, password: password))
            }
            outcome = .success(())
        } catch {
            outcome = .failure(error)
        }
        try await execute(["DROP ROLE \(role)"], at: admin)
        try outcome.get()
    }
}
