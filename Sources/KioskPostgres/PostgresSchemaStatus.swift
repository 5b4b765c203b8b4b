/// The server and where the schema stands, read without changing anything (for a future
/// `kiosk status --database`, and for checks before serving).
public struct PostgresSchemaStatus: Sendable, Equatable {
    public let server: PostgresServerState
    /// 0 for a database Kiosk never migrated.
    public let recordedVersion: Int
    public let latestVersion: Int

    public var isCurrent: Bool { recordedVersion == latestVersion }
}
