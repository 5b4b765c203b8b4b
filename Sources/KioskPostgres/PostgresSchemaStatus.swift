/// What `kiosk status --database` reports: the server, and where the schema stands.
public struct PostgresSchemaStatus: Sendable, Equatable {
    public let server: PostgresServerState
    /// 0 for a database Kiosk never migrated.
    public let recordedVersion: Int
    public let latestVersion: Int

    public var isCurrent: Bool { recordedVersion == latestVersion }

    /// One line per fact, for a person.
    public var lines: [String] {
        let schema = switch recordedVersion {
        case latestVersion: "v\(recordedVersion) (current)"
        case 0: "none (run `kiosk serve --database URL --migrate-only`)"
        case ..<latestVersion: "v\(recordedVersion), behind this build's v\(latestVersion) (run `kiosk serve --database URL --migrate-only`)"
        default: "v\(recordedVersion), newer than this build's v\(latestVersion)"
        }
        return ["PostgreSQL server: \(server.serverVersion)\(server.isReadOnly ? " (read-only)" : "")", "Schema: \(schema)"]
    }
}
