import PostgresNIO

/// What the server says about itself: its version and whether it takes writes.
public struct PostgresServerState: Sendable, Equatable {
    public let serverVersion: String
    /// A hot standby (`pg_is_in_recovery()`) can never take writes.
    public let isInRecovery: Bool
    /// `transaction_read_only` of a new transaction: on under `default_transaction_read_only`
    /// and on a standby.
    public let isReadOnly: Bool

    static func read(on connection: PostgresConnection, logger: Logger) async throws -> PostgresServerState {
        let rows = try await connection.query("""
            SELECT current_setting('server_version'), pg_is_in_recovery(), current_setting('transaction_read_only')
            """, logger: logger)
        for try await (version, inRecovery, readOnly) in rows.decode((String, Bool, String).self) {
            return PostgresServerState(serverVersion: version, isInRecovery: inRecovery, isReadOnly: readOnly == "on")
        }
        throw PostgresStoreFailure(.other, "the PostgreSQL server answered no row to a query about its state")
    }

    /// The refusal to migrate or write here, or nil when the server takes writes.
    func writeRefusal(at location: PostgresLocation) -> PostgresStoreFailure? {
        if isInRecovery {
            return PostgresStoreFailure(.readOnly,
                                        "the PostgreSQL server (\(location.endpoint)) is a hot standby and takes no writes; point the URL at the primary")
        }
        if isReadOnly {
            return PostgresStoreFailure(.readOnly,
                                        "the database \(location.database) on the PostgreSQL server (\(location.endpoint)) is read-only (default_transaction_read_only is on)")
        }
        return nil
    }
}
