import Foundation

extension CustomerAccess {
    /// The account's RevenueCat-style customer info at its store clock's now: the overview, plus
    /// every one-time purchase (this part grows with the account's history).
    func customerInfo(accountID: String) async throws -> CustomerInfo {
        let overview = try await customerOverview(accountID: accountID)
        let purchases = try await store.fetchAll(PurchaseRecord.self, """
            SELECT * FROM purchases WHERE account_id = ? ORDER BY purchased_at, id
            """, [accountID])
        let storeTransactions = try await store.fetchAll(StoredRow.self, """
            SELECT invoice_id, MIN(id) AS id FROM transactions
            WHERE account_id = ? AND subscription_id IS NULL AND invoice_id IS NOT NULL GROUP BY invoice_id
            """, [accountID])
        let transactionByInvoice = Dictionary(try storeTransactions.map { (try $0.get("invoice_id") as String, try $0.get("id") as String) }) { $1 }
        return CustomerInfo(
            originalAppUserId: accountID, requestDate: overview.requestDate, firstSeen: overview.account.createdAt,
            entitlements: overview.entitlements, activeSubscriptions: overview.activeSubscriptions,
            allPurchasedProductIdentifiers: overview.allPurchasedProductIdentifiers,
            nonSubscriptionTransactions: purchases.map { purchase in
                NonSubscriptionTransaction(productIdentifier: purchase.productID, transactionIdentifier: purchase.id,
                                           storeTransactionIdentifier: transactionByInvoice[purchase.invoiceID],
                                           purchaseDate: purchase.purchasedAt)
            },
            managementURL: overview.managementURL, plan: overview.plan)
    }

    /// The account and what entitles it now; reads no more for a long history than for a short one.
    func customerOverview(accountID: String) async throws -> CustomerOverview {
        let account = try await account(accountID)
        let now = try await now(for: account)
        let subscriptions = try await subscriptions(accountID: accountID)
        // Consumables entitle nothing; only their product ids count, and those come from the index.
        let entitling = try await store.fetchAll(PurchaseRecord.self, """
            SELECT * FROM purchases WHERE account_id = ? AND type <> 'consumable' ORDER BY purchased_at, id
            """, [accountID])
        var candidates = subscriptions.compactMap { subscriptionEntitlement($0, now: now) }
        candidates += entitling.filter { $0.type == .nonConsumable }.compactMap(nonConsumableEntitlement)
        let passes = Dictionary(grouping: entitling.filter { $0.type == .nonRenewing }, by: \.productID)
        candidates += passes.values.compactMap { passEntitlement($0, now: now) }
        let best = Dictionary(candidates.map { ($0.identifier, $0) }) { Self.lastsLonger($0, $1) ? $0 : $1 }
        let products = try await distinctProducts(in: "purchases", accountID: accountID)
            + distinctProducts(in: "transactions", accountID: accountID)
        return CustomerOverview(
            account: account.account, requestDate: now, entitlements: EntitlementInfos(all: best),
            activeSubscriptions: Set(subscriptions.filter { $0.entitles(at: now) }.map(\.productID)).sorted(),
            allPurchasedProductIdentifiers: Set(subscriptions.map(\.productID) + products).sorted(),
            managementURL: subscriptions.contains { $0.subscription.isActive } ? CustomerInfo.subscriptionManagementURL : nil,
            plan: try await planStanding(accountID: accountID))
    }

    /// The distinct product ids of the account's rows in `table`, one index seek per product
    /// (a skip scan over the table's (account_id, product_id) index) instead of a visit per row.
    private func distinctProducts(in table: String, accountID: String) async throws -> [String] {
        try await store.fetchAll(String.self, StoreSQL("""
            WITH RECURSIVE products(id) AS (
                SELECT (SELECT MIN(product_id) FROM \(table) WHERE account_id = ?)
                UNION ALL
                SELECT (SELECT MIN(product_id) FROM \(table) WHERE account_id = ? AND product_id > products.id)
                FROM products WHERE products.id IS NOT NULL)
            SELECT id FROM products WHERE id IS NOT NULL
            """), [accountID, accountID])
    }

    private func subscriptionEntitlement(_ record: SubscriptionRecord, now: Date) -> EntitlementInfo? {
        guard let id = catalog.plan(id: record.planID)?.entitlement else { return nil }
        let expiration: Date = switch record.state {
        case .inGracePeriod: record.graceEndsAt ?? record.periodEnd
        case .revoked: record.revocationDate ?? record.periodEnd
        case .subscribed, .inBillingRetryPeriod, .expired: record.periodEnd
        }
        return EntitlementInfo(
            identifier: id, isActive: record.entitles(at: now),
            willRenew: record.willAutoRenew && record.state == .subscribed,
            periodType: EntitlementPeriodType(record.periodType), store: PurchaseStore(record.billing),
            productIdentifier: record.productID, latestPurchaseDate: record.periodStart,
            originalPurchaseDate: record.originalPurchase, expirationDate: expiration,
            unsubscribeDetectedAt: record.unsubscribeAt, billingIssueDetectedAt: record.billingIssueAt)
    }

    private func nonConsumableEntitlement(_ purchase: PurchaseRecord) -> EntitlementInfo? {
        guard case let .oneTime(product)? = catalog.product(id: purchase.productID), let id = product.entitlement else {
            return nil
        }
        return EntitlementInfo(
            identifier: id, isActive: purchase.revokedAt == nil, willRenew: false, periodType: .normal,
            store: PurchaseStore(purchase.billing), productIdentifier: purchase.productID,
            latestPurchaseDate: purchase.purchasedAt, originalPurchaseDate: purchase.purchasedAt,
            expirationDate: purchase.revokedAt, unsubscribeDetectedAt: nil, billingIssueDetectedAt: nil)
    }

    /// Passes of one product chain back to back, so they read as one prepaid entitlement that
    /// lasts until the latest unrevoked one ends.
    private func passEntitlement(_ passes: [PurchaseRecord], now: Date) -> EntitlementInfo? {
        guard let first = passes.first, let latest = passes.last,
              case let .oneTime(product)? = catalog.product(id: first.productID), let id = product.entitlement else {
            return nil
        }
        let valid = passes.filter { $0.revokedAt == nil }
        let isActive = valid.contains { pass in pass.expiresAt.map { pass.purchasedAt <= now && now < $0 } == true }
        let expiration = valid.compactMap(\.expiresAt).max() ?? passes.compactMap { $0.revokedAt }.max()
        return EntitlementInfo(
            identifier: id, isActive: isActive, willRenew: false, periodType: .prepaid,
            store: PurchaseStore(latest.billing), productIdentifier: first.productID,
            latestPurchaseDate: latest.purchasedAt, originalPurchaseDate: first.purchasedAt,
            expirationDate: expiration, unsubscribeDetectedAt: nil, billingIssueDetectedAt: nil)
    }

    /// The order of `EntitlementInfo`'s choice between sources of one entitlement.
    private static func lastsLonger(_ lhs: EntitlementInfo, _ rhs: EntitlementInfo) -> Bool {
        if lhs.isActive != rhs.isActive { return lhs.isActive }
        switch (lhs.expirationDate, rhs.expirationDate) {
        case (nil, .some) where lhs.isActive: return true
        case (.some, nil) where rhs.isActive: return false
        case let (left?, right?) where left != right: return left > right
        default: return lhs.latestPurchaseDate >= rhs.latestPurchaseDate
        }
    }
}
