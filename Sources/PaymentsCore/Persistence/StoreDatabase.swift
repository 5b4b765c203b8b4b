import Foundation
import GRDB

/// Opens the store's SQLite database: WAL so readers never block the writer, a busy timeout so
/// two kiosk processes on one data directory take turns instead of failing, and the migrations.
public enum StoreDatabase {
    /// How a process holds the store's file.
    public enum Connections: Sendable {
        /// A pool: reads run beside the writer, for a server answering many requests at once.
        case pool
        /// One connection for reads and writes, for a terminal or a one-shot command: opening a
        /// store that exists writes and syncs nothing. A pool's opening makes sure the WAL file is
        /// not empty by committing a table made and dropped (GRDB issue 102), which syncs the WAL
        /// and the directory before anything can be shown; and a closing connection that wrote
        /// nothing has nothing to checkpoint.
        case single
    }

    public static func open(at url: URL, connections: Connections = .pool) throws -> any DatabaseWriter {
        var configuration = Configuration()
        configuration.busyMode = .timeout(10)
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = FULL")
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        return try DirectoryLock.withLock(in: url.deletingLastPathComponent()) {
            do {
                try StoreSchema.refuseIfOlderThanBaseline(url)
                let database: any DatabaseWriter
                switch connections {
                case .pool:
                    database = try DatabasePool(path: url.path, configuration: configuration)
                    // The pool sets `synchronous = NORMAL` on its writer when it turns WAL on, after
                    // `prepareDatabase` ran: a commit would then reach the disk only at the next
                    // checkpoint, and a power cut could lose acknowledged purchases.
                    try database.writeWithoutTransaction { try $0.execute(sql: "PRAGMA synchronous = FULL") }
                case .single:
                    // WAL is a property of the file: only a new store is switched to it, so
                    // other processes' pools and this connection share one journal.
                    database = try DatabaseQueue(path: url.path, configuration: configuration)
                    try database.writeWithoutTransaction { db in
                        if try String.fetchOne(db, sql: "PRAGMA journal_mode") != "wal" {
                            try db.execute(sql: "PRAGMA journal_mode = WAL")
                        }
                    }
                }
                try StoreSchema.migrator.migrate(database)
                return database
            } catch {
                throw StoreFileFailure.from(error, database: url.path).map(PaymentsError.storeFile) ?? error
            }
        }
    }

    /// Opens (creating if needed) the database of a data directory.
    /// The database file is made owner-only before SQLite opens it, because SQLite gives its `-wal`
    /// and `-shm` files the database file's mode.
    public static func open(_ directory: DataDirectory, connections: Connections = .pool) throws -> any DatabaseWriter {
        try directory.create()
        try OwnerOnlyFiles.createFile(directory.databaseURL)
        return try open(at: directory.databaseURL, connections: connections)
    }
}
