import Foundation

extension TransactionIssuer {
    /// Every transaction of one account, or of the whole store, oldest first, each with its signed token
    /// (signing and caching any not signed yet). Unlike `transactions(accountID:limit:)` nothing is
    /// capped or skipped: a row whose payload cannot be read is an error, not a missing line.
    func allTransactions(accountID: String?) async throws -> [AccountTransaction] {
        let records: [TransactionRecord]
        if let accountID {
            _ = try await account(accountID)
            records = try await store.fetchAll(TransactionRecord.self, """
                SELECT * FROM transactions WHERE account_id = ? ORDER BY purchase_date ASC, id ASC
                """, [accountID])
        } else {
            records = try await store.fetchAll(TransactionRecord.self, "SELECT * FROM transactions ORDER BY purchase_date ASC, id ASC")
        }
        var transactions: [AccountTransaction] = []
        for record in records {
            transactions.append(AccountTransaction(
                accountID: record.accountID,
                transaction: SignedTransaction(jws: try await token(of: record), payload: try storedPayload(record)),
                issuer: record.issuer))
        }
        return transactions
    }
}
