import Foundation
import GRDB

extension LocalPaymentsService {
    public func issueAPIKey(accountID: String) async throws -> String {
        let key = random.with { APIKey.generate(using: &$0) }
        let hash = APIKey.hash(key)
        guard let now = clock.now.millisecondsSince1970 else {
            throw PaymentsError.storage("the clock's time cannot be stored")
        }
        try await storageWrite { db in
            guard try AccountRecord.exists(db, key: accountID) else { throw PaymentsError.accountNotFound(accountID) }
            try db.execute(sql: "DELETE FROM api_keys WHERE account_id = ?", arguments: [accountID])
            try db.execute(sql: "INSERT INTO api_keys (key_hash, account_id, created_at) VALUES (?, ?, ?)",
                           arguments: [hash, accountID, now])
        }
        return key
    }

    public func accountID(forAPIKey key: String) async throws -> String? {
        guard key.utf8.count <= APIKey.maximumLength, key.hasPrefix(APIKey.prefix) else { return nil }
        let hash = APIKey.hash(key)
        do {
            return try await database.read { db in
                try String.fetchOne(db.cachedStatement(sql: "SELECT account_id FROM api_keys WHERE key_hash = ?"), arguments: [hash])
            }
        } catch {
            throw PaymentsError.storage(String(describing: error))
        }
    }

    /// A write of bookkeeping rows that runs no due work first: issuing a key changes no money.
    private func storageWrite(_ body: @escaping @Sendable (Database) throws -> Void) async throws {
        do {
            try await database.write(body)
        } catch let error as PaymentsError {
            throw error
        } catch {
            throw PaymentsError.storage(String(describing: error))
        }
    }
}
