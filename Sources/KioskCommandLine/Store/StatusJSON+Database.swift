import Foundation

extension StatusJSON {
    /// `database` in `kiosk status --database URL --json`: the server and where its schema stands.
    package struct DatabaseEntry: Encodable {
        let server: String
        let location: String
        let readOnly: Bool
        /// 0 for a database Kiosk never migrated.
        let schemaVersion: Int
        let latestSchemaVersion: Int
        /// `current`, `missing`, `behind` or `newer`.
        let schema: String

        package init(server: String, location: String, readOnly: Bool, schemaVersion: Int, latestSchemaVersion: Int) {
            self.server = server
            self.location = location
            self.readOnly = readOnly
            self.schemaVersion = schemaVersion
            self.latestSchemaVersion = latestSchemaVersion
            schema = schemaVersion == 0 ? "missing"
                : schemaVersion < latestSchemaVersion ? "behind"
                : schemaVersion > latestSchemaVersion ? "newer" : "current"
        }
    }

    /// The answer when the store itself cannot be shown (schema not current, read-only server).
    package struct DatabaseOnly: Encodable {
        let database: DatabaseEntry

        package init(database: DatabaseEntry) {
            self.database = database
        }

        package func encoded() throws -> String { try StatusJSON.encode(self) }
    }
}
