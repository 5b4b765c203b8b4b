import Foundation
import GRDB

extension AccountRules {
    func openSession(accountID: String, tokenHash: String) async throws {
        let account = try await account(accountID)
        try await db.execute(sql: "INSERT INTO sessions(token_hash, account_id, created_at) VALUES (?, ?, ?)",
                             arguments: [tokenHash, account.id, try now(for: account).milliseconds])
    }

    func sessionAccountID(tokenHash: String) async throws -> String? {
        try String.fetchOne(db.cachedStatement(sql: "SELECT account_id FROM sessions WHERE token_hash = ?"),
                            arguments: [tokenHash])
    }

    func closeSession(tokenHash: String) async throws {
        try db.execute(sql: "DELETE FROM sessions WHERE token_hash = ?", arguments: [tokenHash])
    }

    /// Before sessions, the store itself remembered one signed-in account (a `meta` row); a
    /// terminal adopting it takes it over as its session, once.
    func takeLegacySignIn() async throws -> String? {
        guard let id = try String.fetchOne(db, sql: "SELECT value FROM meta WHERE key = 'signed_in'") else { return nil }
        try db.execute(sql: "DELETE FROM meta WHERE key = 'signed_in'")
        return try AccountRecord.exists(db, key: id) ? id : nil
    }
}
