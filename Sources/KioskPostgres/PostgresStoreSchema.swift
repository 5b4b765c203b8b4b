import KioskSchema

/// The store's schema on PostgreSQL: `StoreMigrations` in PostgreSQL's words, migration N being
/// the list's Nth under the same name as on SQLite.
public enum PostgresStoreSchema {
    public static var latestVersion: Int { migrations.count }

    public static let migrations: [PostgresMigration] = StoreMigrations.all.enumerated().map { index, migration in
        PostgresMigration(version: index + 1, name: migration.id, statements: migration.statements(in: .postgres))
    }
}

/// One step of the PostgreSQL schema: applied in one transaction together with the row that
/// records it, so a failure leaves the database at the previous version.
public struct PostgresMigration: Sendable {
    /// 1, 2, 3...: the position in `PostgresStoreSchema.migrations`.
    public let version: Int
    /// The migration's id in `StoreMigrations` (`v2-simulated-store`), as SQLite records it too.
    public let name: String
    /// Run one by one: the extended query protocol takes one statement at a time.
    let statements: [String]
}
