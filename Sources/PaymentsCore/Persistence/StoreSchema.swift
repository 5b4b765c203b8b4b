import Foundation
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

    /// The version of a store made before the baseline and never brought to it (v1…v29), nil for
    /// a new store or one at the baseline or later. The history recorded one GRDB row per step.
    static func versionBeforeBaseline(_ db: Database) throws -> Int? {
        let applied = try migrator.appliedIdentifiers(db)
        guard !applied.isEmpty, let baseline = StoreMigrations.all.first, !applied.contains(baseline.id) else { return nil }
        return applied.count
    }

    /// Refuses the store at `url` when it is older than the baseline, only reading it (a pool's
    /// opening would write), so a refused file stays byte for byte what it was.
    static func refuseIfOlderThanBaseline(_ url: URL) throws {
        guard FileManager.default.fileExists(atPath: url.path) else { return }
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        let queue = try DatabaseQueue(path: url.path, configuration: configuration)
        let version = try queue.read(versionBeforeBaseline)
        try queue.close()
        if let version {
            throw PaymentsError.storeFile(StoreFileFailure(kind: .olderSchema, database: url.path, detail: "\(version)"))
        }
    }
}
