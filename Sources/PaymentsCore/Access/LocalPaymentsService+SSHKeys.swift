import Foundation

/// SSH identity for `kiosk serve --ssh-port` and `kiosk accounts ssh-keys`.
extension LocalPaymentsService {
    /// The account of the customer signing in with `key` (made on its first visit), and whether it
    /// is new. The lookup and the binding are one transaction; the key's row is the fingerprint's
    /// primary key, so two servers meeting a new key at once cannot bind it twice.
    public func sshAccount(for key: SSHPublicKey, userName: String) async throws -> (account: Account, created: Bool) {
        try await write { try await $0.accountRules.sshAccount(for: key, userName: userName) }
    }

    public func bindSSHKey(_ key: SSHPublicKey, to accountID: String) async throws -> SSHKeyBinding {
        try await write { try await $0.accountRules.bindSSHKey(key, to: accountID) }
    }

    public func removeSSHKey(fingerprint: String, from accountID: String) async throws {
        try await write { try await $0.accountRules.removeSSHKey(fingerprint: fingerprint, from: accountID) }
    }

    public func sshKeys(of accountID: String) async throws -> [SSHKeyBinding] {
        try await read { try await $0.accountRules.sshKeys(of: accountID) }
    }
}
