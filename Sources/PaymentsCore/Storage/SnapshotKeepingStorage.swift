/// Storage that keeps named snapshots of the whole store itself. SQLite's snapshots are files in
/// the data directory (`StoreSnapshotFile`); a PostgreSQL store shared by several servers keeps
/// them in the database, where every server sees the same ones.
public protocol SnapshotKeepingStorage: PaymentsStorage {
    /// This store's snapshots, by name.
    func snapshotNames() async throws -> [String]

    /// Copies every table under `name`, in one transaction: a snapshot of that name is replaced
    /// only by a complete new one.
    func saveSnapshot(_ name: String) async throws

    /// Replaces the store's contents with the snapshot's, in one transaction, once `vetting` a
    /// copy of it found no problem (else `PaymentsError.snapshotRejected` with them, the store
    /// untouched). Open terminal sessions stay when their account exists in the snapshot.
    func restoreSnapshot(_ name: String, vetting: @escaping @Sendable (any PaymentsStorage) async throws -> [String]) async throws
}
