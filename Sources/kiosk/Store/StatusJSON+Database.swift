import Foundation
import KioskPostgres

extension StatusJSON {
    /// `database` in `kiosk status --database URL --json`: the server and where its schema stands.
    struct DatabaseEntry: Encodable {
        let server: String
        let location: String
        let readOnly: Bool
        /// 0 for a database Kiosk never migrated.
        let schemaVersion: Int
        let latestSchemaVersion: Int
        /// `current`, `missing`, `behind` or `newer`.
        let schema: String

        init(_ status: PostgresSchemaStatus, at location: PostgresLocation) {
            server = "PostgreSQL \(status.server.serverVersion)"
            self.location = location.summary
            readOnly = status.server.isReadOnly || status.server.isInRecovery
            schemaVersion = status.recordedVersion
            latestSchemaVersion = status.latestVersion
            schema = status.recordedVersion == 0 ? "missing"
                : status.recordedVersion < status.latestVersion ? "behind"
                : status.recordedVersion > status.latestVersion ? "newer" : "current"
        }
    }

    /// The answer when the store itself cannot be shown (schema not current, read-only server).
    struct DatabaseOnly: Encodable {
        let database: DatabaseEntry

        func encoded() throws -> String { try StatusJSON.encode(self) }
    }
}
