import Foundation

/// An account's money and points balances and its live subscription: plain reads and writes
/// that purchases, renewals, refunds and controls all need, kept at the bottom of the rules so
/// none of them has to reach another for it.
extension AccountRules {
    func activeSubscription(accountID: String) async throws -> SubscriptionRecord? {
        try await store.fetchOne(SubscriptionRecord.self, """
            SELECT * FROM subscriptions
            WHERE account_id = ? AND group_id = ? AND state IN ('subscribed', 'inGracePeriod', 'inBillingRetryPeriod')
            """, [accountID, catalog.group])
    }

    func spendBalance(accountID: String, _ amount: Int64) async throws {
        guard amount != 0 else { return }
        try await store.execute("UPDATE accounts SET credit_balance = credit_balance - ? WHERE id = ?", [amount, accountID])
    }

    /// Moves points and writes the wallet ledger row with the balance after it, atomically.
    @discardableResult
    func movePoints(accountID: String, delta: Int64, reason: String, product: String?, invoice: String?,
                    at: Date) async throws -> PointsEntry {
        guard let balance = try await store.fetchOne(Int64.self, """
            UPDATE accounts SET points_balance = points_balance + ? WHERE id = ? RETURNING points_balance
            """, [delta, accountID]) else {
            throw PaymentsError.accountNotFound(accountID)
        }
        guard let entryID = try await store.fetchOne(Int64.self, """
            INSERT INTO points_ledger(account_id, delta, balance_after, reason, product_id, invoice_id, at)
            VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING seq
            """, [accountID, delta, balance, reason, product, invoice, at]) else {
            throw PaymentsError.storage("the points entry of \(accountID) was not stored")
        }
        emit(delta >= 0 ? .pointsCredited : .pointsSpent, account: accountID, at: at, product: product,
         invoice: invoice, detail: "\(delta)")
        return PointsEntry(id: entryID, accountID: accountID, delta: delta, balanceAfter: balance,
                           reason: reason, productID: product, invoiceID: invoice, at: at)
    }
}
