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
/// On PostgreSQL each fixture gets a database of its own, copied from one template this test
/// process migrates once: migrating every fixture's schema from nothing took about two seconds
/// each, most of the suite's time on CI, where copying the template takes a tenth of that.
enum CoreTestStorage {
    static let storeVariable = "KIOSK_TEST_CORE_STORE"
    static let urlVariable = "KIOSK_TEST_POSTGRES_URL"
    /// The schema holding the store's tables in the template and so in every copy.
    static let schema = "store"

    static var onPostgres: Bool { ProcessInfo.processInfo.environment[storeVariable] == "postgres" }

    /// For tests of what SQLite's files are: named snapshots (SQLite backups) and the data
    /// directory's own contents.
    static let sqliteFiles = Testing.ConditionTrait.enabled(
        if: !onPostgres, "checks the SQLite store's files (PostgreSQL snapshots are schema copies: storage-seam stage 6)")

    /// Fixtures holding PostgreSQL connections at once. Swift Testing starts every test of the
    /// suite together; each fixture holds up to three connections (its store, a reopened store,
    /// a copy of the template being made), and the throwaway cluster allows 100.
    static let openFixtures = Slots(24)

    /// A new database for one fixture, a copy of the migrated template, and the slot it holds
    /// until released (which drops the copy); nil when the suite runs on SQLite.
    static func postgres() async throws -> (location: PostgresLocation, slot: Slot)? {
        guard onPostgres else { return nil }
        let slot = await openFixtures.take()
        let template = try await Template.shared.location()
        let name = template.database + "_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(12).lowercased()
        let server = template.with(database: "postgres").with(schema: nil)
        _ = try await PostgresConnector.withConnection(to: server, doing: "copy the core suite's template") { connection in
            try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name) TEMPLATE \(template.database)"),
                                       logger: PostgresConnector.silentLogger)
        }
        slot.dropping(name, on: server)
        return (template.with(database: name), slot)
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

    /// Gives its slot back when the fixture holding it is released, after dropping the fixture's
    /// database (about 8 MB each: several hundred fixtures would fill a small CI disk).
    final class Slot: @unchecked Sendable {
        private let slots: Slots
        /// Set once, right after the copy is made, before the fixture shares the slot.
        private var database: (name: String, server: PostgresLocation)?

        fileprivate init(_ slots: Slots) { self.slots = slots }

        fileprivate func dropping(_ name: String, on server: PostgresLocation) { database = (name, server) }

        deinit {
            let (slots, database) = (slots, database)
            Task {
                if let database {
                    do {
                        _ = try await PostgresConnector.withConnection(to: database.server, doing: "drop a core fixture's database") {
                            try await $0.query(PostgresQuery(unsafeSQL: "DROP DATABASE \(database.name) WITH (FORCE)"),
                                               logger: PostgresConnector.silentLogger)
                        }
                    } catch {
                        FileHandle.standardError.write(Data("core suite: could not drop \(database.name): \(error)\n".utf8))
                    }
                }
                await slots.giveBack()
            }
        }
    }

    /// The database every fixture's is copied from: made and migrated once, on first use
    /// (fixtures starting together wait for the one migration), with no connection left open
    /// (PostgreSQL copies only a template nobody is connected to).
    actor Template {
        static let shared = Template()
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
            _ = try await PostgresConnector.withConnection(to: admin, doing: "make the core suite's template") { connection in
                try await connection.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: PostgresConnector.silentLogger)
            }
            let template = admin.with(database: name).with(schema: CoreTestStorage.schema)
            _ = try await PostgresMigrator(location: template).migrate()
            return template
        }
    }
}

struct CoreTestStorageError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
