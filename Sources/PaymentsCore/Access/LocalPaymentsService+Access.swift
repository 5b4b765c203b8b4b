import Foundation

extension LocalPaymentsService {
    public func issueAPIKey(accountID: String) async throws -> String {
        let key = random.with { APIKey.generate(using: &$0) }
        let hash = APIKey.hash(key)
        guard let now = clock.now.millisecondsSince1970 else {
            throw PaymentsError.storage("the clock's time cannot be stored")
        }
        try await storageWrite { store in
            guard try await store.fetchOne(Int64.self, "SELECT 1 FROM accounts WHERE id = ?", [accountID]) != nil else {
                throw PaymentsError.accountNotFound(accountID)
            }
            try await store.execute("DELETE FROM api_keys WHERE account_id = ?", [accountID])
            try await store.execute("INSERT INTO api_keys (key_hash, account_id, created_at) VALUES (?, ?, ?)",
                                    [hash, accountID, now])
        }
        return key
    }

    public func accountID(forAPIKey key: String) async throws -> String? {
        guard key.utf8.count <= APIKey.maximumLength, key.hasPrefix(APIKey.prefix) else { return nil }
        let hash = APIKey.hash(key)
        do {
            return try await storage.read { store in
                try await store.fetchOne(String.self, "SELECT account_id FROM api_keys WHERE key_hash = ?", [hash])
            }
        } catch {
            throw Self.reported(error)
        }
    }

    /// A write of bookkeeping rows that runs no due work first: issuing a key changes no money.
    private func storageWrite(_ body: @escaping @Sendable (any StoreTransaction) async throws -> Void) async throws {
        do {
            try await storage.write(body)
        } catch {
            throw Self.reported(error)
        }
    }
}
