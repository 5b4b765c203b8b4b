import Foundation

/// Refunding a paid invoice: the money back, the entitlement and transaction revoked, and the
/// provider told, all in the purchase's own transaction.
struct Refunds: Rules {
    let work: UnitOfWork
    var accountRules: AccountRules { AccountRules(work: work) }
    var invoicing: Invoicing { Invoicing(work: work) }
    var planChanges: PlanChanges { PlanChanges(work: work) }
    var transactionIssuer: TransactionIssuer { TransactionIssuer(work: work) }

    /// Whether a revoked App Store transaction is the subscription's latest.
    private func isCurrentPeriod(_ revocation: ReceivedTransaction, of subscription: SubscriptionRecord) async throws -> Bool {
        try await store.fetchOne(String.self, """
            SELECT id FROM transactions WHERE subscription_id = ? ORDER BY purchase_date DESC, id DESC LIMIT 1
            """, [subscription.id]) == revocation.payload.transactionId
    }

    /// The App Store's transaction an invoice books (a one-time sale, or a period of a
    /// subscription it bills), which the merchant only booked.
    func appStoreSale(paidBy invoiceID: String) async throws -> String? {
        try await store.fetchOne(String.self, """
            SELECT id FROM transactions WHERE invoice_id = ? AND issuer = ? ORDER BY id LIMIT 1
            """, [invoiceID, SigningParty.appStore.rawValue])
    }

    /// The App Store's sale an invoice books while the App Store has money to give back for it
    /// (paid, not refunded yet): its refund goes to the App Store. Nil for the merchant's own
    /// sales, and for a free or refunded App Store sale, which the merchant answers.
    func appStoreRefundDue(_ original: InvoiceRecord) async throws -> String? {
        guard original.status == .paid, original.total > 0 else { return nil }
        return try await appStoreSale(paidBy: original.id)
    }

    /// Only the App Store refunds what it sold: once its REFUND notification has booked the
    /// refund the answer is that refund, however often it is asked again; before, a sale with
    /// money to give back is `soldByAppStore` (`StoreKitRouter` then asks the App Store), and one
    /// without (a free sale) has nothing to refund, as any other.
    private func appStoreRefund(of original: InvoiceRecord) async throws -> RefundOutcome {
        if let refund = try await store.fetchOne(InvoiceRecord.self, "SELECT * FROM invoices WHERE refund_of = ? AND kind = ?",
                                                 [original.id, InvoiceKind.refund.rawValue]) {
            // An earlier period's refund leaves the subscription renewing: nothing was revoked.
            var revoked: Subscription?
            if let id = original.subscriptionID, case let current = try await subscription(id), current.state == .revoked {
                revoked = current.subscription
            }
            return RefundOutcome(refund: refund.invoice, original: original.invoice, revokedSubscription: revoked)
        }
        guard let transactionID = try await appStoreRefundDue(original) else {
            throw PaymentsError.nothingToRefund(invoiceID: original.id)
        }
        throw PaymentsError.soldByAppStore(transactionID: transactionID)
    }

    /// Refunds a paid invoice in full, as `RefundTerms` says (the card part to the card, the
    /// rest, balance and unused-time credit, to the balance): a refund invoice and ledger entry
    /// for the money, and the purchase it paid for loses its effect (subscription revoked, pass or unlock revoked,
    /// points taken back). On Stripe's refund-failure test card the refund then fails (see
    /// `failRefundIfTheCardSaysSo`). A one-time sale of the App Store's is refunded only by the
    /// App Store (see `appStoreRefund`).
    ///
    /// - Parameter revocation: the App Store's revoked transaction, when the App Store refunded it
    ///   (its token is kept); otherwise the merchant revokes and re-signs its own transactions.
    func refund(invoiceID: String, revocation: ReceivedTransaction? = nil) async throws -> RefundOutcome {
        var original = try await invoicing.invoice(invoiceID)
        if revocation == nil, original.kind != .refund, try await appStoreSale(paidBy: invoiceID) != nil {
            return try await appStoreRefund(of: original)
        }
        let fromBalance = try RefundTerms(refunding: original.invoice).toBalance.minorUnits
        guard original.status == .paid, original.kind != .refund, original.total > 0 || fromBalance > 0 else {
            throw PaymentsError.nothingToRefund(invoiceID: invoiceID)
        }
        let account = try await account(original.accountID)
        let now = try await now(for: account)
        let currency = Currency(code: original.currency) ?? account.currencyValue
        original.status = .refunded
        try await original.update(in: store)
        var refund = try await invoicing.issueInvoice(
            account: account.id, subscription: original.subscriptionID, product: original.productID, kind: .refund,
            at: now, description: "Refund of \(original.id)",
            lines: try Self.refundLines(of: original, fromBalance: fromBalance, currency: currency),
            currency: currency, status: .refunded,
            method: original.pmBrand.flatMap { brand in original.pmLast4.map { PaymentMethodSummary(brand: brand, last4: $0) } },
            refundOf: original.id)
        if let revocation {
            try await transactionIssuer.storeReceivedRevocation(revocation)
        } else {
            try await transactionIssuer.revokeTransactions(invoiceID: original.id, at: now, reason: .other)
        }
        var revoked: Subscription?
        if let subscriptionID = original.subscriptionID {
            var subscription = try await subscription(subscriptionID)
            // The App Store ends a subscription it bills only when the period refunded is the one
            // it is in; an earlier period's refund leaves it renewing.
            var endsIt = true
            if let revocation { endsIt = try await isCurrentPeriod(revocation, of: subscription) }
            if endsIt, subscription.state != .revoked && subscription.state != .expired {
                try await planChanges.revoke(&subscription, reason: .refunded, at: now)
                try await subscription.update(in: store)
            }
            revoked = subscription.subscription
        } else if var purchase = try await store.fetchOne(PurchaseRecord.self, "SELECT * FROM purchases WHERE invoice_id = ?",
                                                          [original.id]),
                  purchase.revokedAt == nil {
            purchase.revokedAt = now
            try await purchase.updateRevocation(in: store)
            // Take back what was credited: a store purchase's points may still be on their way
            // (then the backend refuses the receipt, its transaction revoked) or may have been
            // refused by the backend.
            let credited = try await store.fetchOne(Int64.self, """
                SELECT CAST(COALESCE(SUM(delta), 0) AS BIGINT) FROM points_ledger WHERE invoice_id = ? AND delta > 0
                """, [original.id]) ?? 0
            if credited > 0 {
                try await accountRules.movePoints(accountID: account.id, delta: -credited, reason: "Refund of \(original.id)",
                                               product: purchase.productID, invoice: refund.id, at: now)
            }
        }
        emit(.refunded, account: account.id, at: now, subscription: original.subscriptionID,
             product: original.productID, invoice: refund.id, detail: original.id)
        refund = try await invoicing.failRefundIfTheCardSaysSo(refund, original: &original, at: now)
        if refund.status == .refunded {
            // What the balance paid goes back to the balance, in the refund's own transaction.
            try await accountRules.spendBalance(accountID: account.id, -fromBalance)
        }
        return RefundOutcome(refund: refund, original: original.invoice, revokedSubscription: revoked)
    }

    /// A refund's lines, mirroring the invoice it refunds: everything it paid back, less what goes
    /// back to the account balance, so the refund's total is exactly what returns to the card
    /// (as a Stripe credit note split between the card and the customer balance).
    static func refundLines(of original: InvoiceRecord, fromBalance: Int64, currency: Currency) throws -> [InvoiceLine] {
        let toCard = Money(minorUnits: original.total, currency: currency)
        guard fromBalance > 0 else {
            return [InvoiceLine(kind: .refund, description: "Refund of \(original.description)", amount: toCard.negated)]
        }
        let toBalance = Money(minorUnits: fromBalance, currency: currency)
        return [InvoiceLine(kind: .refund, description: "Refund of \(original.description)",
                            amount: try toCard.adding(toBalance).negated),
                InvoiceLine(kind: .balanceCredit, description: "\(toBalance.formatted()) returned to your account balance",
                            amount: toBalance)]
    }
}
