import Foundation
import KioskCommandLine
import KioskPostgres
import KioskPostgresStore
import PaymentsCore

/// `kiosk qa run --database URL`: each scenario's store in a schema of its own in that
/// database, migrated from nothing, and every schema dropped once the run ends, so a shared
/// database is left as it was found.
actor QAPostgresSchemas {
    let database: PostgresLocation
    private var made: [String] = []

    init(database: PostgresLocation) {
        self.database = database
    }

    /// A fresh migrated schema and the storage over it.
    func freshStorage() async throws -> any PaymentsStorage {
        let schema = "kiosk_qa_" + UUID().uuidString.replacingOccurrences(of: "-", with: "").prefix(16).lowercased()
        made.append(schema)
        let location = database.with(schema: schema)
        _ = try await PostgresMigrator(location: location).migrate()
        return PostgresStorage(location: location, connections: 2)
    }

    /// Drops every schema this run made.
    func dropAll() async throws(PostgresStoreFailure) {
        let schemas = made
        made = []
        for schema in schemas {
            try await PostgresMigrator(location: database.with(schema: schema)).dropSchema()
        }
    }
}
