import Foundation

/// Purchases through the simulated App Store's sheet, with its ask-to-buy and 3-D Secure
/// detours.
struct StorePurchases: Rules {
    let work: UnitOfWork

    /// A StoreKit-style purchase billed to the store account. With ask-to-buy or interrupted
    /// purchases switched on it waits as a pending action instead.
    func storePurchase(_ request: StorePurchaseRequest) async throws -> StorePurchaseResult {
        let account = try await account(request.accountID)
        guard catalog.product(id: request.productID) != nil else { throw PaymentsError.productNotFound(request.productID) }
        let now = try await now(for: account)
        let controls = try await testControls.controls()
        let kind: PendingAction.Kind? = controls.askToBuy ? .askToBuy : controls.interruptedPurchases ? .interruptedPurchase : nil
        if let kind {
            let action = try await testControls.createPending(kind: kind, accountID: account.id, productID: request.productID,
                                                              subscriptionID: nil, request: request, at: now)
            emit(.purchasePending, account: account.id, at: now, product: request.productID, detail: kind.rawValue)
            return .pending(action)
        }
        return try await completeStorePurchase(request)
    }

    private func completeStorePurchase(_ request: StorePurchaseRequest) async throws -> StorePurchaseResult {
        let outcome = try await purchases.performPurchase(accountID: request.accountID, productID: request.productID,
                                                          offerCode: request.offerCode, payer: .store,
                                                          appAccountToken: request.appAccountToken)
        guard case let .purchased(receipt) = outcome, let transaction = receipt.transaction else {
            throw PaymentsError.store(.purchaseNotAllowed)
        }
        return .success(transaction, receipt)
    }

    /// A parent approves an ask-to-buy request, or the customer resolves an interrupted purchase:
    /// the purchase happens now.
    func approvePurchase(pendingID: String) async throws -> StorePurchaseResult {
        let (action, data) = try await testControls.pendingAction(pendingID)
        guard action.kind.isHeldByAppStore else {
            throw PaymentsError.pendingActionNotFound(pendingID)
        }
        let request = try JSONDecoder().decode(StorePurchaseRequest.self, from: data)
        let now = try await now(for: account(action.accountID))
        try await testControls.resolvePending(pendingID, resolution: "approved", at: now)
        emit(.purchaseApproved, account: action.accountID, at: now, product: action.productID)
        return try await completeStorePurchase(request)
    }

    func declinePurchase(pendingID: String) async throws {
        let (action, _) = try await testControls.pendingAction(pendingID)
        guard action.kind.isHeldByAppStore else {
            throw PaymentsError.pendingActionNotFound(pendingID)
        }
        let now = try await now(for: account(action.accountID))
        try await testControls.resolvePending(pendingID, resolution: "declined", at: now)
        emit(.purchaseDeclinedByParent, account: action.accountID, at: now, product: action.productID)
    }

    /// How the account's own request `pendingID` stands; another account's request, or an action
    /// that is not the sheet's, is not found.
    func pendingPurchaseStatus(pendingID: String, accountID: String) async throws -> PendingPurchaseStatus {
        guard let row = try await store.fetchOne(StoredRow.self, """
            SELECT kind, resolution FROM pending_actions WHERE id = ? AND account_id = ?
            """, [pendingID, accountID]),
              try row.storedValue(PendingAction.Kind.self, table: "pending_actions", column: "kind").isHeldByAppStore else {
            throw PaymentsError.pendingActionNotFound(pendingID)
        }
        let resolution: String? = try row.get("resolution")
        guard let resolution else { return .waiting }
        switch resolution {
        case "approved": return .approved
        case "declined": return .declined
        default: throw PaymentsError.storage("pending_actions.resolution holds \"\(resolution)\", which no purchase sheet writes.")
        }
    }

    /// The customer passed or failed a 3-D Secure challenge for a card purchase.
    func completeAuthentication(pendingID: String, approved: Bool) async throws -> PurchaseOutcome {
        let (action, data) = try await testControls.pendingAction(pendingID)
        guard action.kind == .threeDSecure else { throw PaymentsError.pendingActionNotFound(pendingID) }
        let request = try JSONDecoder().decode(PurchaseRequest.self, from: data)
        let account = try await account(action.accountID)
        let now = try await now(for: account)
        try await testControls.resolvePending(pendingID, resolution: approved ? "authenticated" : "failed", at: now)
        if approved { return try await purchases.purchase(request, authenticated: true) }
        let reason = DeclineCode.authenticationFailed.reason
        let method = try await accountRules.chargeableMethod(accountID: request.accountID, preferred: request.paymentMethodID)
        let product = catalog.product(id: request.productID)
        var lines: [InvoiceLine] = []
        var kind = InvoiceKind.oneTime
        switch product {
        case let .subscription(plan, subscription)?:
            kind = .subscriptionCreate
            if let price = catalog.price(base: subscription.price, overrides: subscription.prices, in: account.currencyValue) {
                lines.append(InvoiceLine(kind: .charge, description: plan.name, amount: price))
            }
        case let .oneTime(oneTime)?:
            if let price = catalog.price(base: oneTime.price, overrides: oneTime.prices, in: account.currencyValue) {
                lines.append(InvoiceLine(kind: .charge, description: oneTime.name, amount: price))
            }
        case nil:
            break
        }
        let invoice = try await invoicing.issueInvoice(account: account.id, subscription: nil, product: request.productID,
                                                       kind: kind, at: now, description: "Payment for \(request.productID)",
                                                       lines: lines, currency: account.currencyValue, status: .void,
                                                       method: method?.paymentMethod.summary, failure: reason)
        emit(.purchaseDeclined, account: account.id, at: now, product: request.productID, invoice: invoice.id,
             detail: reason.code)
        return .declined(reason: reason, invoice: invoice)
    }
}
