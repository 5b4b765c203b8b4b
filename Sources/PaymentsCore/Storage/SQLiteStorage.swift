import Foundation
import GRDB

/// The SQLite side of `PaymentsStorage`, over a GRDB pool (the data directory's store) or queue
/// (a snapshot's copy being checked). Each body runs inline on the thread GRDB gives the
/// transaction (see `InlineTransactionExecutor`): over SQLite the rules never suspend.
public struct SQLiteStorage: PaymentsStorage {
    /// The database itself, for what is SQLite's own: backups of named snapshots.
    public let database: any DatabaseWriter
    /// Where named snapshots are kept (the data directory's `snapshots`); nil for a store that
    /// keeps none (a snapshot's copy being checked).
    public let snapshotDirectory: URL?

    public init(_ database: any DatabaseWriter, snapshotDirectory: URL? = nil) {
        self.database = database
        self.snapshotDirectory = snapshotDirectory
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) async throws -> T) async throws -> T {
        do {
            return try await database.write { db in
                let store = GRDBTransaction(db)
                return try InlineTransactionExecutor.run { try await body(store) }
            }
        } catch {
            throw reported(error)
        }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) async throws -> T) async throws -> T {
        do {
            return try await database.read { db in
                let store = GRDBTransaction(db)
                return try InlineTransactionExecutor.run { try await body(store) }
            }
        } catch {
            throw reported(error)
        }
    }

    /// A failure of the database file (full disk, read-only, I/O, damage) in the user's words.
    func reported(_ error: any Error) -> any Error {
        StoreFileFailure.from(error, database: database.path).map(PaymentsError.storeFile) ?? error
    }
}
