import Foundation

extension Purchases {
    /// The customer passed or failed a 3-D Secure challenge for a card purchase.
    func completeAuthentication(pendingID: String, approved: Bool) async throws -> PurchaseOutcome {
        let (action, data) = try await testControls.pendingAction(pendingID)
        guard action.kind == .threeDSecure else { throw PaymentsError.pendingActionNotFound(pendingID) }
        let request = try JSONDecoder().decode(PurchaseRequest.self, from: data)
        let account = try await account(action.accountID)
        let now = try await now(for: account)
        try await testControls.resolvePending(pendingID, resolution: approved ? "authenticated" : "failed", at: now)
        if approved { return try await purchase(request, authenticated: true) }
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
                                                       kind: kind, at: now, description: "Payment for \(lines.first?.description ?? request.productID)",
                                                       lines: lines, currency: account.currencyValue, status: .void,
                                                       method: method?.paymentMethod.summary, failure: reason)
        emit(.purchaseDeclined, account: account.id, at: now, product: request.productID, invoice: invoice.id,
             detail: reason.code)
        return .declined(reason: reason, invoice: invoice)
    }
}
