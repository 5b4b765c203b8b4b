import Foundation

extension Purchases {
    /// The account's restorable purchases and, for each, the signed transaction to verify
    /// (the latest of a subscription, the one of a purchase), or the `RestoreError` that applies
    /// (see its rule). Returned, not thrown, so the write commits and the caller sees the
    /// restore error rather than a storage error.
    func restore(accountID: String, includeInactive: Bool) async throws -> Result<RestoreFindings, RestoreError> {
        let account = try await account(accountID)
        let now = try await now(for: account)
        let subscriptions = try await customerAccess.subscriptions(accountID: accountID)
        let purchases = try await store.fetchAll(PurchaseRecord.self, """
            SELECT * FROM purchases WHERE account_id = ? ORDER BY purchased_at, id
            """, [accountID])
        guard !subscriptions.isEmpty || !purchases.isEmpty else { return .failure(.noReceipt) }
        let restorable = purchases.filter { $0.type != .consumable }
        guard !subscriptions.isEmpty || !restorable.isEmpty else { return .failure(.noPurchasesToRestore) }

        var result = RestoreResult(accountID: accountID, subscriptions: [], nonConsumables: [], passes: [], restoredAt: now)
        var proofs: [RestoreFindings.Proof] = []
        for record in subscriptions where includeInactive || record.subscription.isActive {
            guard let transaction = try await store.fetchOne(TransactionRecord.self, """
                SELECT * FROM transactions WHERE subscription_id = ? ORDER BY purchase_date DESC, id DESC LIMIT 1
                """, [record.id]) else {
                return .failure(.invalidReceiptData(productID: record.productID))
            }
            proofs.append(RestoreFindings.Proof(productID: record.productID, transactionID: transaction.id, jws: try await transactionIssuer.token(of: transaction)))
            let subscription = record.subscription
            result.subscriptions.append(RestoredSubscription(
                id: subscription.id, planID: subscription.planID, productID: subscription.productID,
                storeStatus: RestoreStoreStatus(subscription), renewalState: subscription.state,
                hasBillingIssue: subscription.state == .inGracePeriod || subscription.state == .inBillingRetryPeriod,
                hasAccess: record.entitles(at: now), willAutoRenew: subscription.willAutoRenew,
                expiresAt: record.accessEndsAt))
        }
        for purchase in restorable {
            let isActive = purchase.revokedAt == nil
                && (purchase.type == .nonConsumable || purchase.expiresAt.map { purchase.purchasedAt <= now && now < $0 } == true)
            guard includeInactive || isActive else { continue }
            guard let transaction = try await store.fetchOne(TransactionRecord.self, """
                SELECT * FROM transactions WHERE invoice_id = ? ORDER BY id LIMIT 1
                """, [purchase.invoiceID]) else {
                return .failure(.invalidReceiptData(productID: purchase.productID))
            }
            proofs.append(RestoreFindings.Proof(productID: purchase.productID, transactionID: transaction.id, jws: try await transactionIssuer.token(of: transaction)))
            let restored = RestoredPurchase(id: purchase.id, productID: purchase.productID, transactionID: transaction.id,
                                            purchasedAt: purchase.purchasedAt, expiresAt: purchase.expiresAt,
                                            isActive: isActive)
            if purchase.type == .nonRenewing {
                result.passes.append(restored)
            } else {
                result.nonConsumables.append(restored)
            }
        }
        guard !(result.subscriptions.isEmpty && result.nonConsumables.isEmpty && result.passes.isEmpty) else {
            return .failure(.noProductsToRestore)
        }
        return .success(RestoreFindings(result: result, proofs: proofs))
    }
}

/// A restore read inside one transaction, before its transactions are verified outside it
/// (verification is asynchronous and must not hold the write lock).
struct RestoreFindings: Sendable {
    struct Proof: Sendable {
        var productID: String
        var transactionID: String
        var jws: String
    }

    var result: RestoreResult
    var proofs: [Proof]
}
