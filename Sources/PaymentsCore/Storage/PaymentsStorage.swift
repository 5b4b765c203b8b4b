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
        _ body: @escaping @Sendable (any StoreTransaction) async throws -> (value: T, heldBack: Bool)
    ) async throws -> T
}

extension PaymentsStorage {
    /// A read of the change feed, run again while `body` finds events held back behind the
    /// store's transactions still running (`EventFeedOrder`), so that a client reads its own
    /// writes. One writer at a time holds nothing back, so by default it is one read.
    public func readSettled<T: Sendable>(
        _ body: @escaping @Sendable (any StoreTransaction) async throws -> (value: T, heldBack: Bool)
    ) async throws -> T {
        try await read(body).value
    }
}
