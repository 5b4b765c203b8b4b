/// Where the store's rows live: SQLite (`SQLiteStorage`, the embedded default) or PostgreSQL
/// (`PostgresStorage`, module KioskPostgresStore, for a store shared by teams).
///
/// The service asks for nothing but transactions, so the same rules run over both: a write sees
/// every earlier committed write and no concurrent one (SQLite's single writer; on PostgreSQL a
/// serialized write run again from the start after a serialization failure, so a body must do
/// nothing outside the database that it cannot repeat), and a read sees one consistent snapshot.
public protocol PaymentsStorage: Sendable {
    func write<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) async throws -> T) async throws -> T
    func read<T: Sendable>(_ body: @escaping @Sendable (any StoreTransaction) async throws -> T) async throws -> T
    /// See the extension's default.
    func readSettled<T: Sendable>(
        _ body: @escaping @Sendable (any StoreTransaction, _ awaiting: Int64?) async throws -> (value: T, heldBack: Int64?)
    ) async throws -> T

    // Named snapshots of the whole store, kept by the storage itself: SQLite's are files in the
    // data directory (`SQLiteStorage+Snapshots`); a PostgreSQL store shared by several servers
    // keeps them in the database, where every server sees the same ones.

    /// This store's snapshots, by name.
    func snapshotNames() async throws -> [String]
    /// Copies every table under `name`: a snapshot of that name is replaced only by a complete
    /// new one.
    func saveSnapshot(_ name: String) async throws
    /// Replaces the store's contents with the snapshot's once `vetting` a copy of it found no
    /// problem (else `PaymentsError.snapshotRejected` with them, the store untouched). Open
    /// terminal sessions stay when their account exists in the snapshot.
    func restoreSnapshot(_ name: String, vetting: @escaping @Sendable (any PaymentsStorage) async throws -> [String]) async throws
}

extension PaymentsStorage {
    /// A read of the change feed, so that a client reads its own writes: when `body` answers
    /// the newest transaction whose events it found held back (`EventFeedOrder`), it is run again
    /// with that transaction as `awaiting` until it answers nil (the ones running before it have
    /// ended). It waits for what was running at the first read only, never for newer writes. One
    /// writer at a time holds nothing back, so by default it is one read.
    public func readSettled<T: Sendable>(
        _ body: @escaping @Sendable (any StoreTransaction, _ awaiting: Int64?) async throws -> (value: T, heldBack: Int64?)
    ) async throws -> T {
        try await read { try await body($0, nil) }.value
    }
}
