import GRDB

/// The SQLite side of `PaymentsStorage`, over a GRDB pool (the data directory's store) or queue
/// (a snapshot's copy being checked). Each body runs inline on the thread GRDB gives the
/// transaction (see `InlineTransactionExecutor`): over SQLite the rules never suspend.
public struct SQLiteStorage: PaymentsStorage {
    /// The database itself, for what is SQLite's own: backups of named snapshots.
    public let database: any DatabaseWriter

    public init(_ database: any DatabaseWriter) {
        self.database = database
    }

    public func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) async throws -> T) async throws -> T {
        try await database.write { db in
            let store = GRDBTransaction(db)
            return try InlineTransactionExecutor.run { try await body(store) }
        }
    }

    public func read<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) async throws -> T) async throws -> T {
        try await database.read { db in
            let store = GRDBTransaction(db)
            return try InlineTransactionExecutor.run { try await body(store) }
        }
    }
}
