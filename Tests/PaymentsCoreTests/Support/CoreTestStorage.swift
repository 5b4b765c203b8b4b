import Foundation
import KioskPostgres
import KioskPostgresStore
import PaymentsCore
import PostgresNIO
import Testing

/// Which storage the core suite runs on: SQLite in the fixture's data directory (the default),
/// or, with `KIOSK_TEST_CORE_STORE=postgres`, PostgreSQL at `KIOSK_TEST_POSTGRES_URL` (see
/// `.ci/postgres.sh`), so the same tests check the same rules on both engines.
///
/// On PostgreSQL each fixture gets its own schema, migrated from nothing, in one database made
/// for this test process: tests run in parallel without seeing each other's rows.
enum CoreTestStorage {
    static let storeVariable = "KIOSK_TEST_CORE_STORE"
    static let urlVariable = "KIOSK_TEST_POSTGRES_URL"

    static var onPostgres: Bool { ProcessInfo.processInfo.environment[storeVariable] == "postgres" }

    /// For tests of what SQLite's files are: named snapshots (SQLite backups) and the data
    /// directory's own contents.
    static let sqliteFiles = Testing.ConditionTrait.enabled(
        if: !onPostgres, "checks the SQLite store's files (PostgreSQL snapshots are schema copies: storage-seam stage 6)")

    /// Fixtures holding PostgreSQL connections at once. Swift Testing starts every test of the
    /// suite together; each fixture holds up to three connections (its store, a reopened store,
    /// the migration), and the throwaway cluster allows 100.
    static let openFixtures = Slots(24)

    /// A new migrated schema for one fixture and the slot it holds until released, or nil when
    /// the suite runs on SQLite.
    static func postgres() async throws -> (location: PostgresLocation, slot: Slot)? {
        guard onPostgres else { return nil }
        let slot = await openFixtures.take()
        let database = try await TestDatabase.shared.location()
        let schema = "f_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").lowercased()
        let location = database.with(schema: schema)
        _ = try await PostgresMigrator(location: location).migrate()
        return (location, slot)
    }

    /// At most `count` holders at once; the others wait their turn.
    actor Slots {
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(_ count: Int) { free = count }

        func take() async -> Slot {
            if free > 0 {
                free -= 1
            } else {
                await withCheckedContinuation { waiting.append($0) }
            }
            return Slot(self)
        }

        fileprivate func giveBack() {
            if waiting.isEmpty { free += 1 } else { waiting.removeFirst().resume() }
        }
    }

    /// Gives its slot back when the fixture holding it is released.
    final class Slot: Sendable {
        private let slots: Slots

        fileprivate init(_ slots: Slots) { self.slots = slots }

        deinit {
            let slots = slots
            Task { await slots.giveBack() }
        }
    }

    /// The database this test process makes its schemas in, created once, on first use (fixtures
    /// starting together wait for the one creation).
    actor TestDatabase {
        static let shared = TestDatabase()
        private var making: Task<PostgresLocation, any Error>?

        func location() async throws -> PostgresLocation {
            if let making { return try await making.value }
            let task = Task { try await Self.make() }
            making = task
            return try await task.value
        }

        private static func make() async throws -> PostgresLocation {
            guard let url = ProcessInfo.processInfo.environment[CoreTestStorage.urlVariable] else {
                throw CoreTestStorageError("\(CoreTestStorage.storeVariable)=postgres needs \(CoreTestStorage.urlVariable) (see .ci/postgres.sh)")
            }
            let admin = try PostgresLocation(url: url)
            let name = "kiosk_core_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
            try await PostgresConnector.withConnection(to: admin, doing: "make the core suite's database") { connection in
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: PostgresConnector.silentLogger)
            }
            return admin.with(database: name)
        }
    }
}

struct CoreTestStorageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
