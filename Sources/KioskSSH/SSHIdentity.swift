import PaymentsCore

/// Who an authenticated connection is: the key that signed in and the account it opens. Logs name
/// the fingerprint and the account, never the key itself.
public struct SSHIdentity: Sendable, Hashable {
    public let fingerprint: String
    public let accountID: String
    public let userName: String
    /// A key of `--ssh-admin-keys`: sees the QA panel and test controls.
    public let isAdmin: Bool
    /// The connection that signed in, unique in this server: set by the server, so that what one
    /// connection alone holds (its demo store) is told apart from another's with the same key.
    public var connection: UInt64

    public init(fingerprint: String, accountID: String, userName: String, isAdmin: Bool, connection: UInt64 = 0) {
        self.fingerprint = fingerprint
        self.accountID = accountID
        self.userName = userName
        self.isAdmin = isAdmin
        self.connection = connection
    }
}

/// Finds (or makes) the identity of a key that proved itself; a thrown error refuses the sign-in.
public typealias SSHIdentityResolver = @Sendable (_ key: SSHPublicKey, _ userName: String) async throws -> SSHIdentity
