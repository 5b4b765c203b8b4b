/// Why Kiosk could not use the PostgreSQL store, with the sysexits code a command exits with.
///
/// Every message names what failed (user, database, host or socket) through
/// `PostgresLocation.summary`, which never holds the password.
public struct PostgresStoreFailure: Error, Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The server could not be reached or is not accepting connections: EX_UNAVAILABLE.
        case unreachable
        /// The server refused the user or the password: EX_NOPERM.
        case authentication
        /// The user may connect but lacks a privilege the schema needs: EX_NOPERM.
        case permission
        /// The database named in the URL does not exist: EX_CONFIG.
        case missingDatabase
        /// The server takes no writes (a hot standby, or `default_transaction_read_only`). The URL
        /// points at the wrong server or the server is set up read-only: a configuration to fix,
        /// not a permission the user lacks, so EX_CONFIG rather than EX_NOPERM.
        case readOnly
        /// The database's recorded schema is newer than this build knows: EX_CONFIG.
        case newerSchema
        /// The database's recorded schema is older than this build's baseline (v30): an older
        /// release must upgrade it first: EX_CONFIG.
        case olderSchema
        /// The database records a migration under another name than this build's migration of
        /// that version (two branches each added their own): EX_CONFIG.
        case divergentSchema
        /// The URL and the server disagree on how to talk (TLS required but not offered, an
        /// authentication method PostgresNIO lacks): EX_CONFIG.
        case misconfigured
        /// The data directory holds keys of another store than the one the URL names (a server's
        /// signing chain, card key or admin key differs from the ones the store's servers
        /// share): EX_CONFIG.
        case otherStoresKeys
        /// A transaction kept losing to others (serialization failures or deadlocks) after every
        /// retry: EX_TEMPFAIL, since the same request later will most likely succeed.
        case contention
        /// Anything else the server or the connection reported: EX_SOFTWARE.
        case other
    }

    public let kind: Kind
    public let message: String

    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    /// The sysexits(3) code for this failure.
    public var exitCode: Int32 {
        switch kind {
        case .unreachable: 69
        case .authentication, .permission: 77
        case .missingDatabase, .readOnly, .newerSchema, .olderSchema, .divergentSchema, .misconfigured, .otherStoresKeys: 78
        case .contention: 75
        case .other: 70
        }
    }

    public var description: String { message }
}
