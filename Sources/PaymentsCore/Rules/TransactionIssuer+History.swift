import Foundation
import GRDB

extension TransactionIssuer {
    /// Every transaction of one account, or of the whole store, oldest first, each with its signed token
    /// (signing and caching any not signed yet). Unlike `transactions(accountID:limit:)` nothing is
    /// capped or skipped: a row whose payload cannot be read is an error, not a missing line.
    func allTransactions(accountID: String?) async throws -> [AccountTransaction] {
        var query = TransactionRecord.all()
        if let accountID {
            _ = try await account(accountID)
            query = query.filter(sql: "account_id = ?", arguments: [accountID])
        }
        return try query.order(sql: "purchase_date ASC, id ASC").fetchAll(db).map { record in
            AccountTransaction(accountID: record.accountID,
                               transaction: SignedTransaction(jws: try token(of: record), payload: try storedPayload(record)),
                               issuer: record.issuer)
        }
    }
}
