import Foundation
import GRDB

/// Opens the store's SQLite database: WAL so readers never block the writer, a busy timeout so
/// two kiosk processes on one data directory take turns instead of failing, and the migrations.
public enum StoreDatabase {
    public static func open(at url: URL) throws -> DatabasePool {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        return try DirectoryLock.withLock(in: url.deletingLastPathComponent()) {
            do {
                let pool = try DatabasePool(path: url.path, configuration: configuration)
                // The pool sets `synchronous = NORMAL` on its writer when it turns WAL on, after
                // `prepareDatabase` ran: a commit would then reach the disk only at the next
                // checkpoint, and a power cut could lose acknowledged purchases.
                try pool.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
                try StoreSchema.migrator.migrate(pool)
                return pool
            } catch {
                throw StoreFileFailure.from(error, database: url.path).map(PaymentsError.storeFile) ?? error
            }
        }
    }

    /// Opens (creating if needed) the database of a data directory.
    /// The database file is made owner-only before SQLite opens it, because SQLite gives its `-wal`
    /// and `-shm` files the database file's mode.
    public static func open(_ directory: DataDirectory) throws -> DatabasePool {
        try directory.create()
        try OwnerOnlyFiles.createFile(directory.databaseURL)
        return try open(at: directory.databaseURL)
    }
}
