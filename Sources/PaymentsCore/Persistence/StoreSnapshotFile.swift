import Foundation
import GRDB
import KioskSchema

/// A named snapshot of the whole store on disk (`snapshots/NAME.sqlite`).
///
/// Saving never removes the previous snapshot first: the copy is written to a staging file,
/// flushed, and renamed over the old one, so a crash at any instant leaves the old snapshot or the
/// new one. Opening for a restore accepts only a file that is a sound SQLite database holding
/// Kiosk's schema at a version this build knows; the caller then checks the store's invariants on
/// the copy before anything touches the live store.
struct StoreSnapshotFile {
    let name: String
    let url: URL

    private var stagingURL: URL {
        url.deletingLastPathComponent().appendingPathComponent(".\(name).sqlite.partial")
    }

    /// Copies `database` into the snapshot, replacing an older one atomically. Saves of the same
    /// folder take turns (a lock file in it), so two processes never share a staging file.
    func save(from database: some DatabaseReader) throws {
        let folder = url.deletingLastPathComponent()
        try OwnerOnlyFiles.prepareDirectory(folder)
        try DirectoryLock.withLock(in: folder) {
            let staging = stagingURL
            try OwnerOnlyFiles.removeIfPresent(staging)
            try OwnerOnlyFiles.removeIfPresent(URL(fileURLWithPath: staging.path + "-journal"))
            try OwnerOnlyFiles.createFile(staging)
            do {
                let copy = try DatabaseQueue(path: staging.path)
                try database.backup(to: copy)
                // The copy inherits the live store's WAL mode; a snapshot is one self-contained file.
                try copy.writeWithoutTransaction { db in try db.execute(sql: "PRAGMA journal_mode = DELETE") }
                try copy.close()
            } catch {
                // The staging file is left for the next save to remove; the old snapshot is untouched.
                if let failure = StoreFileFailure.from(error, database: staging.path) {
                    // Damage is the live store's (the copy is new); the rest is the snapshot folder's.
                    throw PaymentsError.storeFile(failure.kind == .damaged
                        ? StoreFileFailure(kind: .damaged, database: database.path, detail: failure.detail) : failure)
                }
                throw PaymentsError.storage("cannot save snapshot \(name) to \(staging.path): \(error)")
            }
            try OwnerOnlyFiles.replace(url, with: staging)
        }
    }

    /// The snapshot as an in-memory store, migrated to this build's schema, once the file has
    /// passed SQLite's integrity check and shown Kiosk's schema at a version this build knows.
    /// The file itself is only read.
    func openValidated() throws -> DatabaseQueue {
        guard FileManager.default.fileExists(atPath: url.path) else { throw PaymentsError.snapshotNotFound(name) }
        var configuration = Configuration()
        configuration.readonly = true
        let copy: DatabaseQueue
        do {
            let file = try DatabaseQueue(path: url.path, configuration: configuration)
            try file.read { db in try check(db) }
            copy = try DatabaseQueue()
            try file.backup(to: copy)
        } catch let error as PaymentsError {
            throw error
        } catch {
            throw rejected("it is not a readable SQLite database (\(error))")
        }
        do {
            try StoreSchema.migrator.migrate(copy)
        } catch {
            throw rejected("its schema cannot be brought up to date (\(error))")
        }
        return copy
    }

    private func check(_ db: Database) throws {
        let verdict = try String.fetchAll(db, sql: "PRAGMA integrity_check")
        guard verdict == ["ok"] else {
            throw rejected("it fails SQLite's integrity check (\(verdict.prefix(3).joined(separator: "; ")))")
        }
        let migrator = StoreSchema.migrator
        let applied = try migrator.appliedIdentifiers(db)
        guard !applied.isDisjoint(with: StoreMigrations.squashedIDs.union(migrator.migrations)) else {
            throw rejected("it does not hold a Kiosk store (no Kiosk schema)")
        }
        if let version = try StoreSchema.versionBeforeBaseline(db) {
            throw rejected(StoreMigrations.refusal(of: "it", version: "\(version)"))
        }
        let unknown = applied.subtracting(migrator.migrations).subtracting(StoreMigrations.squashedIDs).sorted()
        if !unknown.isEmpty {
            throw rejected("it was made by a newer Kiosk (schema \(unknown.joined(separator: ", ")) is unknown to this build)")
        }
    }

    func rejected(_ reason: String) -> PaymentsError {
        .snapshotRejected(name: name, reason: reason)
    }
}
