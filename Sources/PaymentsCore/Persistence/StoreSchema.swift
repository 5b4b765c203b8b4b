import GRDB
import KioskSchema

/// The store's schema on SQLite: GRDB's migrator over `StoreMigrations`, each step's SQLite
/// statements run in turn in the migration's transaction.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in StoreMigrations.all {
            // Split only when the step runs: a store already up to date opens without it.
            migrator.registerMigration(migration.id) { db in
                for statement in migration.statements(in: .sqlite) { try db.execute(sql: statement) }
            }
        }
        return migrator
    }
}
