import Foundation

/// The sandbox's levers for QA on the merchant's side: its controls and one-shot faults, its
/// pending actions (3-D Secure, price-increase consent) and clearing purchases.
struct TestControls: Rules {
    let work: UnitOfWork
    var accountRules: AccountRules { AccountRules(work: work) }

    func controls() async throws -> StoreControls {
        guard let json = try await store.fetchOne(String.self, "SELECT value FROM meta WHERE key = 'controls'") else {
            return StoreControls()
        }
        do {
            return try JSONDecoder().decode(StoreControls.self, from: Data(json.utf8))
        } catch {
            // A corrupt row must not silently disarm faults or turn test controls off.
            throw PaymentsError.storage("the store controls (meta row 'controls') cannot be read: \(error)")
        }
    }

    func saveControls(_ controls: StoreControls) async throws {
        let json = String(decoding: try JSONEncoder().encode(controls), as: UTF8.self)
        try await store.execute("""
            INSERT INTO meta(key, value) VALUES ('controls', ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value
            """, [json])
    }

    /// Consumes one injected failure of `operation`, if any is armed. Its own transaction commits
    /// the countdown even though the caller then fails.
    func takeFault(_ operation: StoreOperation) async throws -> StoreError? {
        var controls = try await controls()
        guard let index = controls.faults.firstIndex(where: { $0.operation == operation }) else { return nil }
        let fault = controls.faults[index]
        if let remaining = fault.remaining {
            if remaining <= 1 { controls.faults.remove(at: index) } else { controls.faults[index].remaining = remaining - 1 }
            try await saveControls(controls)
        }
        return fault.error
    }

    // MARK: Pending actions

    func createPending(kind: PendingAction.Kind, accountID: String, productID: String?, subscriptionID: String?,
                       request: some Encodable, at now: Date) async throws -> PendingAction {
        let id = try await nextID(.pendingAction)
        let json = String(decoding: try JSONEncoder().encode(request), as: UTF8.self)
        try await store.execute("""
            INSERT INTO pending_actions(id, account_id, kind, product_id, subscription_id, request, created_at)
            VALUES (?, ?, ?, ?, ?, ?, ?)
            """, [id, accountID, kind.rawValue, productID, subscriptionID, json, now])
        return try await pendingAction(id).action
    }

    /// The merchant's open actions (3-D Secure, its price-increase consent), oldest first; a kind
    /// no Kiosk writes is an error, never left out.
    func pendingActions(accountID: String?) async throws -> [PendingAction] {
        let sql = "SELECT * FROM pending_actions WHERE resolved_at IS NULL"
        let rows = if let accountID {
            try await store.fetchAll(StoredRow.self, StoreSQL(sql + " AND account_id = ? ORDER BY created_at, id"), [accountID])
        } else {
            try await store.fetchAll(StoredRow.self, StoreSQL(sql + " ORDER BY created_at, id"))
        }
        return try rows.map { try Self.pending($0).action }
    }

    /// An open pending action and the request it holds.
    func pendingAction(_ id: String) async throws -> (action: PendingAction, request: Data) {
        guard let row = try await store.fetchOne(StoredRow.self, "SELECT * FROM pending_actions WHERE id = ? AND resolved_at IS NULL",
                                                 [id]) else {
            throw PaymentsError.pendingActionNotFound(id)
        }
        return try Self.pending(row)
    }

    func resolvePending(_ id: String, resolution: String, at now: Date) async throws {
        try await store.execute("UPDATE pending_actions SET resolved_at = ?, resolution = ? WHERE id = ?", [now, resolution, id])
    }

    /// A kind no Kiosk writes is a storage error naming the row, never taken for another kind.
    private static func pending(_ row: StoredRow) throws -> (action: PendingAction, request: Data) {
        let request = Data((try row.get("request") as String).utf8)
        let kind = try row.storedValue(PendingAction.Kind.self, table: "pending_actions", column: "kind")
        var newPrice: Money?
        if kind == .priceIncrease { newPrice = try JSONDecoder().decode(Money.self, from: request) }
        let action = PendingAction(id: try row.get("id"), accountID: try row.get("account_id"), kind: kind,
                                   productID: try row.get("product_id"), subscriptionID: try row.get("subscription_id"),
                                   createdAt: try row.get("created_at"), newPrice: newPrice)
        return (action, request)
    }

    // MARK: Subscription controls

    /// Asks the customer to consent to a new price from the next renewal (StoreKit's price
    /// increase consent). Unanswered at renewal, the subscription expires.
    func requestPriceIncrease(subscriptionID: String, newPrice: Int64) async throws -> PendingAction {
        let subscription = try await merchantBilledSubscription(subscriptionID)
        guard subscription.isActiveState else {
            throw PaymentsError.invalidTransition(subscriptionID: subscriptionID, state: subscription.state,
                                                  action: "raise the price of")
        }
        guard newPrice > 0 else { throw PaymentsError.invalidInput(field: "newPrice", message: "must be more than zero") }
        let now = try await now(for: account(subscription.accountID))
        let price = Money(minorUnits: newPrice, currency: subscription.currencyValue)
        let action = try await createPending(kind: .priceIncrease, accountID: subscription.accountID,
                                             productID: subscription.productID, subscriptionID: subscriptionID,
                                             request: price, at: now)
        emit(.priceIncreaseRequested, account: subscription.accountID, at: now, subscription: subscriptionID,
             detail: price.description)
        return action
    }

    func answerPriceIncrease(_ action: PendingAction, accept: Bool, at now: Date) async throws -> Subscription {
        guard let subscriptionID = action.subscriptionID, let newPrice = action.newPrice else {
            throw PaymentsError.pendingActionNotFound(action.id)
        }
        var subscription = try await merchantBilledSubscription(subscriptionID)
        if accept {
            subscription.priceOverride = newPrice.minorUnits
        } else {
            subscription.willAutoRenew = false
            subscription.expirationReason = .didNotConsentToPriceIncrease
        }
        try await subscription.update(in: store)
        try await resolvePending(action.id, resolution: accept ? "accepted" : "declined", at: now)
        emit(accept ? .priceIncreaseAccepted : .priceIncreaseDeclined, account: subscription.accountID, at: now,
             subscription: subscriptionID, detail: newPrice.description)
        return subscription.subscription
    }

    /// StoreKit testing's "Delete all transactions": every purchase, subscription, invoice and
    /// usage record goes, accounts and payment methods stay.
    func clearAllTransactions() async throws {
        for table in ["subscriptions", "purchases", "transactions", "invoices", "ledger", "points_ledger",
                      "usage_records", "intro_redemptions", "offer_redemptions", "pending_actions", "idempotency_keys",
                      "app_store_notifications_received"] {
            try await store.execute(StoreSQL("DELETE FROM \(table)"))
        }
        try await store.execute("UPDATE accounts SET credit_balance = 0, points_balance = 0")
        emit(.transactionsCleared, account: nil, at: systemNow)
    }

    /// Moves an account to another storefront and currency (prices then come from its overrides).
    func setStorefront(accountID: String, storefront: String, currency: Currency) async throws -> Account {
        var account = try await account(accountID)
        guard currency == catalog.currency || catalog.currencies.contains(currency) else {
            throw PaymentsError.invalidInput(field: "currency", message: "the store does not sell in \(currency)")
        }
        let upper = storefront.uppercased()
        guard upper.count == 3, upper.allSatisfy({ $0.isASCII && $0.isLetter }) else {
            throw PaymentsError.invalidInput(field: "storefront", message: "'\(storefront)' is not an ISO 3166 alpha-3 code")
        }
        if currency.code != account.currency {
            // Live subscriptions and the account balance are kept in the old currency.
            if try await accountRules.activeSubscription(accountID: accountID) != nil || account.creditBalance != 0 {
                throw PaymentsError.invalidInput(
                    field: "currency", message: "change currency only without a live subscription or account balance")
            }
        }
        account.storefront = upper
        account.currency = currency.code
        try await account.update(in: store)
        return account.account
    }
}
