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
