import KioskSchema
import PostgresNIO

/// Brings a database's schema to this build's latest version, one migration per transaction.
///
/// Each step takes the transaction-scoped advisory lock `schemaLockKey` first, then reads the
/// recorded version, applies the next migration and records it, and commits. PostgreSQL's DDL is
/// transactional, so a failing step leaves the database exactly at the previous version. Two
/// instances starting at once take turns on the lock; the one that waited sees the version the
/// other recorded and applies only what is still missing (often nothing). A database whose
/// recorded version is newer than this build's, older than its first step (a store from before the
/// baseline), or whose recorded migrations have other names than this build's (another branch's
/// history), is refused before anything changes.
public struct PostgresMigrator: Sendable {
    /// The advisory lock every Kiosk migration step holds: "KIOSKPG1" as a big-endian integer.
    public static let schemaLockKey: Int64 = 0x4B49_4F53_4B50_4731

    public let location: PostgresLocation
    public let migrations: [PostgresMigration]
    let logger: Logger

    public init(location: PostgresLocation, migrations: [PostgresMigration] = PostgresStoreSchema.migrations,
                logger: Logger = PostgresConnector.silentLogger) {
        self.location = location
        self.migrations = migrations
        self.logger = logger
    }

    public var latestVersion: Int { migrations.last?.version ?? 0 }

    /// Applies what is missing and reports it.
    public func migrate() async throws(PostgresStoreFailure) -> PostgresMigrationReport {
        try await PostgresConnector.withConnection(to: location, doing: "migrate the schema", logger: logger) { connection in
            if let refusal = try await PostgresServerState.read(on: connection, logger: logger).writeRefusal(at: location) {
                throw refusal
            }
            var startingVersion: Int?
            var applied: [Int] = []
            while true {
                let step = try await applyNextStep(on: connection)
                let firstFound = startingVersion ?? step.foundVersion
                startingVersion = firstFound
                guard let version = step.appliedVersion else {
                    return PostgresMigrationReport(startingVersion: firstFound, applied: applied, currentVersion: step.foundVersion)
                }
                applied.append(version)
            }
        }
    }

    /// Drops the location's schema and everything in it, and its named snapshots (a throwaway
    /// store: a QA run's, a test's); a location without a schema is refused, so nothing drops
    /// `public`.
    public func dropSchema() async throws(PostgresStoreFailure) {
        guard let schema = location.quotedSchema, let name = location.schema else {
            throw PostgresStoreFailure(.misconfigured, "\(location.summary) names no schema to drop")
        }
        try await PostgresConnector.withConnection(to: location, doing: "drop the schema", logger: logger) { connection in
            let literal = "'" + name.replacingOccurrences(of: "'", with: "''") + "'"
            let rows = try await connection.query(
                PostgresQuery(unsafeSQL: "SELECT nspname FROM (\(PostgresSnapshotSchema.list(store: literal))) AS snapshots"),
                logger: logger)
            var snapshots: [String] = []
            for try await snapshot in rows.decode(String.self) { snapshots.append("\"\(snapshot)\"") }
            for dropped in snapshots + [schema] {
                try await connection.query(PostgresQuery(unsafeSQL: "DROP SCHEMA IF EXISTS \(dropped) CASCADE"), logger: logger)
            }
        }
    }

    /// The server's version and the schema's state, changing nothing.
    public func status() async throws(PostgresStoreFailure) -> PostgresSchemaStatus {
        try await PostgresConnector.withConnection(to: location, doing: "read the schema version", logger: logger) { connection in
            let server = try await PostgresServerState.read(on: connection, logger: logger)
            let recorded = try await PostgresSchemaVersionTable.recordedVersion(on: connection, logger: logger)
            return PostgresSchemaStatus(server: server, recordedVersion: recorded, latestVersion: latestVersion)
        }
    }

    /// The location's schema, made under the migration lock (so instances starting together do
    /// not race) and only when it is missing: `CREATE SCHEMA IF NOT EXISTS` needs CREATE on the
    /// database even when the schema is there, which a role given only its own schema lacks.
    private func createSchemaIfMissing(on connection: PostgresConnection) async throws {
        guard let name = location.schema, let quoted = location.quotedSchema else { return }
        let rows = try await connection.query("SELECT 1 FROM pg_namespace WHERE nspname = \(name)", logger: logger)
        for try await _ in rows { return }
        try await connection.query(PostgresQuery(unsafeSQL: "CREATE SCHEMA \(quoted)"), logger: logger)
    }

    private struct Step: Sendable {
        /// The version recorded when the step took the lock.
        let foundVersion: Int
        /// The version the step applied, nil when there was nothing to do.
        let appliedVersion: Int?
    }

    private func applyNextStep(on connection: PostgresConnection) async throws -> Step {
        let migrations = migrations, logger = logger
        do {
            return try await connection.withTransaction(logger: logger) { connection in
                try await connection.query("SELECT pg_advisory_xact_lock(\(Self.schemaLockKey))", logger: logger)
                try await createSchemaIfMissing(on: connection)
                try await PostgresSchemaVersionTable.create(on: connection, logger: logger)
                let recorded = try await PostgresSchemaVersionTable.recordedVersion(on: connection, logger: logger)
                let recordedNames = try await PostgresSchemaVersionTable.recordedNames(on: connection, logger: logger)
                if let refusal = historyRefusal(recorded: recorded, names: recordedNames) { throw refusal }
                guard let migration = migrations.first(where: { $0.version > recorded }) else {
                    return Step(foundVersion: recorded, appliedVersion: nil)
                }
                for statement in migration.statements {
                    try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
                }
                try await PostgresSchemaVersionTable.record(migration, on: connection, logger: logger)
                return Step(foundVersion: recorded, appliedVersion: migration.version)
            }
        } catch let error as PostgresTransactionError {
            // The step's own error, not the wrapper: that is what says what went wrong.
            throw error.closureError ?? error.beginError ?? error.commitError ?? error
        }
    }

    /// Why the recorded history rules out migrating with this build: a newer version, one older
    /// than this build's first step (the baseline), or a version recorded under another name
    /// (another branch's migration). Nil when it is a prefix of this build's list.
    private func historyRefusal(recorded: Int, names: [Int: String]) -> PostgresStoreFailure? {
        let database = "the database \(location.database) on the PostgreSQL server (\(location.endpoint))"
        if recorded > latestVersion {
            return PostgresStoreFailure(.newerSchema, """
                \(database) has schema v\(recorded)\(names[recorded].map { " (\($0))" } ?? ""), newer than this \
                build's v\(latestVersion); use a newer kiosk (nothing was changed)
                """)
        }
        if let first = migrations.first, recorded > 0, recorded < first.version {
            return PostgresStoreFailure(.olderSchema, StoreMigrations.refusal(of: database, version: "\(recorded)"))
        }
        for migration in migrations where migration.version <= recorded && names[migration.version] != migration.name {
            return PostgresStoreFailure(.divergentSchema, """
                \(database) records v\(migration.version) as \(names[migration.version] ?? "nothing"), but this \
                build's v\(migration.version) is \(migration.name); its schema comes from another branch (nothing was changed)
                """)
        }
        return nil
    }
}

/// What one migration run found and did.
public struct PostgresMigrationReport: Sendable, Equatable, CustomStringConvertible {
    /// The version recorded when the run first looked (0: an empty database).
    public let startingVersion: Int
    /// The versions this run applied, in order; empty when the schema was current (or another
    /// instance applied them while this one waited for the lock).
    public let applied: [Int]
    public let currentVersion: Int

    /// `Migrated to v11 (applied v1…v11)`, `Migrated to v11 (applied v11)` or `Schema is current (v11)`.
    public var description: String {
        guard let first = applied.first, let last = applied.last else { return "Schema is current (v\(currentVersion))" }
        let range = first == last ? "v\(first)" : "v\(first)…v\(last)"
        return "Migrated to v\(currentVersion) (applied \(range))"
    }
}

/// The server and where the schema stands, read without changing anything (for a future
/// `kiosk status --database`, and for checks before serving).
public struct PostgresSchemaStatus: Sendable, Equatable {
    public let server: PostgresServerState
    /// 0 for a database Kiosk never migrated.
    public let recordedVersion: Int
    public let latestVersion: Int

    public var isCurrent: Bool { recordedVersion == latestVersion }
}
