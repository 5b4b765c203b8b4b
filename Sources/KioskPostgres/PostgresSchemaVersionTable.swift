import PostgresNIO

/// The table that records which migrations a database has, one row per applied version, and
/// the queries on it. Its rows are written in the same transaction as the migration they record.
enum PostgresSchemaVersionTable {
    static let name = "kiosk_schema_versions"

    /// Makes the table if missing. Run under the migration lock, so two first runs cannot race
    /// on creating it.
    static func create(on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("""
            CREATE TABLE IF NOT EXISTS kiosk_schema_versions (
                version INTEGER PRIMARY KEY, name TEXT NOT NULL, applied_at BIGINT NOT NULL)
            """, logger: logger)
    }

    /// The highest recorded version, 0 when none (or when the table does not exist yet).
    static func recordedVersion(on connection: PostgresConnection, logger: Logger) async throws -> Int {
        let exists = try await connection.query("SELECT to_regclass('kiosk_schema_versions') IS NOT NULL", logger: logger)
        var tableExists = false
        for try await value in exists.decode(Bool.self) { tableExists = value }
        guard tableExists else { return 0 }
        let rows = try await connection.query("SELECT COALESCE(MAX(version), 0) FROM kiosk_schema_versions", logger: logger)
        for try await version in rows.decode(Int.self) { return version }
        return 0
    }

    /// The recorded names by version: to say what a newer schema is, and to find a history that
    /// differs from this build's.
    static func recordedNames(on connection: PostgresConnection, logger: Logger) async throws -> [Int: String] {
        let rows = try await connection.query("SELECT version, name FROM kiosk_schema_versions", logger: logger)
        var names: [Int: String] = [:]
        for try await (version, name) in rows.decode((Int, String).self) { names[version] = name }
        return names
    }

    /// Records `migration` with the time in milliseconds since 1970 UTC, as the store keeps times.
    static func record(_ migration: PostgresMigration, on connection: PostgresConnection, logger: Logger) async throws {
        try await connection.query("""
            INSERT INTO kiosk_schema_versions (version, name, applied_at)
            VALUES (\(migration.version), \(migration.name), (extract(epoch FROM clock_timestamp()) * 1000)::bigint)
            """, logger: logger)
    }
}
