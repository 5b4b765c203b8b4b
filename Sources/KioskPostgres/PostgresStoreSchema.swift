import KioskSchema

/// The store's schema on PostgreSQL: `StoreMigrations` in PostgreSQL's words, migration N being
/// the list's Nth under the same name as on SQLite.
public enum PostgresStoreSchema {
    public static var latestVersion: Int { migrations.count }

    public static let migrations: [PostgresMigration] = StoreMigrations.all.enumerated().map { index, migration in
        PostgresMigration(version: index + 1, name: migration.id, statements: migration.statements(in: .postgres))
    }
}
