import GRDB
import KioskSchema

/// The store's schema on SQLite: GRDB's migrator over `StoreMigrations`, each step's SQLite
/// statements run in turn in the migration's transaction.
enum StoreSchema {
    static var migrator: DatabaseMigrator {
        var migrator = DatabaseMigrator()
        for migration in StoreMigrations.all {
            let statements = migration.statements(in: .sqlite)
            migrator.registerMigration(migration.id) { db in
                for statement in statements { try db.execute(sql: statement) }
            }
        }
        return migrator
    }
}
