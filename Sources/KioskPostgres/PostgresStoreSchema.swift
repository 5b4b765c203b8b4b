import KioskSchema

/// The store's schema on PostgreSQL: `StoreMigrations` in PostgreSQL's words, from the baseline
/// (v30) on, each step under its version and the same name as on SQLite.
public enum PostgresStoreSchema {
    public static var latestVersion: Int { migrations.last?.version ?? 0 }

    public static let migrations: [PostgresMigration] = StoreMigrations.all.enumerated().map { index, migration in
        PostgresMigration(version: StoreMigrations.baselineVersion + index, name: migration.id,
                          statements: migration.statements(in: .postgres))
    }
}

/// One step of the PostgreSQL schema: applied in one transaction together with the row that
/// records it, so a failure leaves the database at the previous version.
public struct PostgresMigration: Sendable {
    /// 30, 31, 32...: the baseline's version, then one more per step.
    public let version: Int
    /// The migration's id in `StoreMigrations` (`v31-ssh-keys`), as SQLite records it too.
    public let name: String
    /// Run one by one: the extended query protocol takes one statement at a time.
    let statements: [String]
}
