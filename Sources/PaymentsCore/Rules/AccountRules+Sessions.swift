import Foundation

extension AccountRules {
    func openSession(accountID: String, tokenHash: String) async throws {
        let account = try await account(accountID)
        try await store.execute("INSERT INTO sessions(token_hash, account_id, created_at) VALUES (?, ?, ?)",
                                [tokenHash, account.id, try await now(for: account)])
    }

    func sessionAccountID(tokenHash: String) async throws -> String? {
        try await store.fetchOne(String.self, "SELECT account_id FROM sessions WHERE token_hash = ?", [tokenHash])
    }

    func closeSession(tokenHash: String) async throws {
        try await store.execute("DELETE FROM sessions WHERE token_hash = ?", [tokenHash])
    }

    /// Before sessions, the store itself remembered one signed-in account (a `meta` row); a
    /// terminal adopting it takes it over as its session, once.
    /// Whether an older Kiosk left a sign-in in the store (read first, so that a terminal without a
    /// session file does not take the write lock at every start to find none).
    func hasLegacySignIn() async throws -> Bool {
        try await store.fetchOne(Bool.self, "SELECT EXISTS(SELECT 1 FROM meta WHERE key = 'signed_in')") == true
    }

    func takeLegacySignIn() async throws -> String? {
        guard let id = try await store.fetchOne(String.self, "SELECT value FROM meta WHERE key = 'signed_in'") else { return nil }
        try await store.execute("DELETE FROM meta WHERE key = 'signed_in'")
        return try await store.fetchOne(Bool.self, "SELECT EXISTS(SELECT 1 FROM accounts WHERE id = ?)", [id]) == true ? id : nil
    }
}
