import Foundation

/// SSH identity: a key's fingerprint names one account; an account may have several keys.
extension AccountRules {
    func sshAccountID(fingerprint: String) async throws -> String? {
        try await store.fetchOne(String.self, "SELECT account_id FROM ssh_keys WHERE fingerprint = ?", [fingerprint])
    }

    /// Binds `key` to the account; binding it again to the same account changes nothing, and a
    /// key already another account's is refused (one key, one customer).
    func bindSSHKey(_ key: SSHPublicKey, to accountID: String) async throws -> SSHKeyBinding {
        _ = try await account(accountID)
        if let owner = try await sshAccountID(fingerprint: key.fingerprint) {
            guard owner == accountID else {
                throw PaymentsError.invalidInput(field: "ssh_key", message: "\(key.fingerprint) already belongs to another account")
            }
            return try await sshKeys(of: accountID).first { $0.fingerprint == key.fingerprint }
                ?? SSHKeyBinding(fingerprint: key.fingerprint, accountID: accountID, publicKey: key.line, createdAt: systemNow)
        }
        _ = try await store.execute("INSERT INTO ssh_keys (fingerprint, account_id, public_key, created_at) VALUES (?, ?, ?, ?)",
                                    [key.fingerprint, accountID, key.line, systemNow])
        return SSHKeyBinding(fingerprint: key.fingerprint, accountID: accountID, publicKey: key.line, createdAt: systemNow)
    }

    func removeSSHKey(fingerprint: String, from accountID: String) async throws {
        _ = try await account(accountID)
        let removed = try await store.execute("DELETE FROM ssh_keys WHERE fingerprint = ? AND account_id = ?", [fingerprint, accountID])
        guard removed == 1 else {
            throw PaymentsError.invalidInput(field: "fingerprint", message: "\(fingerprint) is not a key of account \(accountID)")
        }
    }

    func sshKeys(of accountID: String) async throws -> [SSHKeyBinding] {
        _ = try await account(accountID)
        return try await store.fetchAll(SSHKeyBinding.self, """
            SELECT fingerprint, account_id, public_key, created_at FROM ssh_keys WHERE account_id = ? ORDER BY created_at, fingerprint
            """, [accountID])
    }

    /// The account `key` signs in as, made on its first visit: named after the SSH user, with an
    /// address under `.invalid` (RFC 2606: never delivered) until the customer gives theirs in
    /// Settings, since the core needs one per account.
    func sshAccount(for key: SSHPublicKey, userName: String) async throws -> (account: Account, created: Bool) {
        if let id = try await sshAccountID(fingerprint: key.fingerprint) {
            return (try await account(id).account, false)
        }
        let printable = String(String.UnicodeScalarView(userName.unicodeScalars.filter { !CharacterSet.controlCharacters.contains($0) }))
        let name = String(printable.prefix(Self.maximumNameLength)).trimmingCharacters(in: .whitespaces)
        let mailbox = key.fingerprint.dropFirst("SHA256:".count).filter { $0.isLetter || $0.isNumber }.prefix(24).lowercased()
        let account = try await createAccount(NewAccount(email: "ssh-\(mailbox)@ssh.invalid", name: name.isEmpty ? "SSH customer" : name))
        _ = try await bindSSHKey(key, to: account.id)
        return (account, true)
    }
}

extension SSHKeyBinding: StoreDecodable {
    public init(storeRow row: some StoreRow) throws {
        self.init(fingerprint: try row.get("fingerprint"), accountID: try row.get("account_id"),
                  publicKey: try row.get("public_key"), createdAt: try row.get("created_at"))
    }
}
