import Foundation

/// A customer changing an existing subscription: upgrade or downgrade with proration, cancel
/// at period end, resume, and revocation. The preview and the change share one computation.
struct PlanChanges: Rules {
    let work: UnitOfWork
    var accountRules: AccountRules { AccountRules(work: work) }
    var invoicing: Invoicing { Invoicing(work: work) }
    var lifecycle: SubscriptionLifecycle { SubscriptionLifecycle(work: work) }
    var transactionIssuer: TransactionIssuer { TransactionIssuer(work: work) }

    /// What changing to `productID` would do now. The same computation drives `changePlan`, so
    /// the preview a screen shows is exactly what gets charged.
    func previewPlanChange(subscriptionID: String, toProductID: String) async throws -> PlanChangePreview {
        let subscription = try await merchantBilledSubscription(subscriptionID)
        let account = try await account(subscription.accountID)
        let now = try await now(for: account)
        guard subscription.state == .subscribed else {
            throw PaymentsError.invalidTransition(subscriptionID: subscriptionID, state: subscription.state,
                                                  action: "change the plan of")
        }
        guard case let .subscription(toPlan, toProduct)? = catalog.product(id: toProductID) else {
            throw PaymentsError.productNotFound(toProductID)
        }
        guard toProduct.id != subscription.productID || subscription.pendingProductID != nil else {
            throw PaymentsError.invalidInput(field: "product", message: "\(toProductID) is already your plan")
        }
        guard let fromPlan = catalog.plan(id: subscription.planID),
              let fromProduct = fromPlan.products.first(where: { $0.id == subscription.productID }) else {
            throw PaymentsError.productNotFound(subscription.productID)
        }
        // The subscription's own currency: credit and new price must be in the same money.
        let currency = subscription.currencyValue
        let newPrice = try await invoicing.price(toProduct.price, toProduct.prices, in: currency, product: toProduct.id)
        let (kind, immediate) = TermsCalculator.change(from: (fromPlan, fromProduct), to: (toPlan, toProduct))
        guard immediate else {
            // The renewal's own terms (offer, balance), so the amount a screen shows for a
            // scheduled change is the amount the renewal charges.
            var switched = subscription
            switched.pendingProductID = toProduct.id == subscription.productID ? nil : toProduct.id
            let terms = try await lifecycle.renewalTerms(switched, account: account, start: subscription.periodEnd,
                                                         restartSeries: false)
            let renewalCharge = terms?.total ?? Self.charged(newPrice, after: account.creditBalance)
            return PlanChangePreview(
                subscriptionID: subscriptionID, fromProductID: subscription.productID, toProductID: toProduct.id, kind: kind,
                timing: .atRenewal(subscription.periodEnd), newPrice: newPrice, creditForUnusedTime: .zero(currency),
                appliedBalance: .zero(currency), chargeNow: .zero(currency),
                balanceAfter: Money(minorUnits: account.creditBalance, currency: currency),
                nextChargeDate: subscription.periodEnd,
                nextChargeAmount: renewalCharge)
        }
        let credit = try TermsCalculator.unusedCredit(paid: Money(minorUnits: subscription.paidAmount, currency: currency),
                                                      periodStart: subscription.periodStart, periodEnd: subscription.periodEnd, at: now)
        // Checked: a balance grown past any sane size is an error, not a trap.
        let remainder = try newPrice.subtracting(credit).minorUnits
        let split = PaymentSplit.paying(Money(minorUnits: max(remainder, 0), currency: currency), balance: account.creditBalance)
        let applied = split.fromBalance.minorUnits
        let chargeNow = split.onCard.minorUnits
        let balance = Money(minorUnits: account.creditBalance, currency: currency)
        let balanceAfter = try balance.subtracting(Money(minorUnits: applied, currency: currency))
            .adding(Money(minorUnits: max(credit.minorUnits - newPrice.minorUnits, 0), currency: currency)).minorUnits
        return PlanChangePreview(
            subscriptionID: subscriptionID, fromProductID: subscription.productID, toProductID: toProduct.id, kind: kind,
            timing: .immediate, newPrice: newPrice, creditForUnusedTime: credit,
            appliedBalance: Money(minorUnits: applied, currency: currency),
            chargeNow: Money(minorUnits: chargeNow, currency: currency),
            balanceAfter: Money(minorUnits: balanceAfter, currency: currency),
            nextChargeDate: try toProduct.period.advance(now),
            nextChargeAmount: Self.charged(newPrice, after: balanceAfter))
    }

    /// What a renewal at `price` charges to the card once the account balance `balance` has paid
    /// what it can (`Invoicing.balanceLine`): a preview says what will be charged, not the price.
    static func charged(_ price: Money, after balance: Int64) -> Money {
        PaymentSplit.paying(price, balance: balance).onCard
    }

    func changePlan(_ request: PlanChangeRequest) async throws -> PlanChangeOutcome {
        let preview = try await previewPlanChange(subscriptionID: request.subscriptionID, toProductID: request.toProductID)
        var subscription = try await merchantBilledSubscription(request.subscriptionID)
        let account = try await account(subscription.accountID)
        let now = try await now(for: account)
        guard case let .subscription(plan, product)? = catalog.product(id: preview.toProductID) else {
            throw PaymentsError.productNotFound(preview.toProductID)
        }
        if case .atRenewal = preview.timing {
            // Choosing the current product again withdraws a scheduled change.
            subscription.pendingProductID = product.id == subscription.productID ? nil : product.id
            try await subscription.update(in: store)
            emit(.planChangeScheduled, account: account.id, at: now, subscription: subscription.id,
                 product: product.id, detail: subscription.pendingProductID == nil ? "withdrawn" : preview.kind.rawValue)
            return .scheduled(subscription: subscription.subscription)
        }
        let currency = subscription.currencyValue
        // Invoices are read by people: the plan's name, never its catalog id (issue 41, item 12).
        let fromName = catalog.plan(id: subscription.planID)?.name ?? subscription.planID
        let period = try terms.switchedPeriod(plan: plan, product: product, currency: currency, at: now)
        var lines = [InvoiceLine(kind: .charge, description: "\(plan.name) (\(product.period.billingWord))",
                                 amount: preview.newPrice, periodStart: now, periodEnd: period.end)]
        if !preview.creditForUnusedTime.isZero {
            lines.append(InvoiceLine(kind: .prorationCredit, description: "Unused time on \(fromName)",
                                     amount: preview.creditForUnusedTime.negated,
                                     periodStart: now, periodEnd: subscription.periodEnd))
        }
        let excess = try preview.creditForUnusedTime.subtracting(preview.newPrice).minorUnits
        if excess > 0 {
            lines.append(InvoiceLine(kind: .balanceCredit, description: "Unused credit kept as account balance",
                                     amount: Money(minorUnits: excess, currency: currency)))
        }
        if !preview.appliedBalance.isZero {
            lines.append(InvoiceLine(kind: .appliedBalance, description: "Applied account balance",
                                     amount: preview.appliedBalance.negated))
        }
        let card = try await accountRules.chargeableMethod(accountID: account.id, preferred: subscription.paymentMethodID)
        let description = "Change from \(fromName) to \(plan.name)"
        var result = try await invoicing.collect(preview.chargeNow, card: card, at: now)
        if case let .requiresAuthentication(summary) = result {
            // Plan changes charge the card on file off-session, as Stripe's subscription updates do.
            result = try await invoicing.collect(preview.chargeNow, card: card, at: now, offSession: true)
            if case .requiresAuthentication = result { result = .declined(.generic, summary) }
        }
        switch result {
        case .requiresAuthentication:
            throw PaymentsError.store(.purchaseNotAllowed)
        case let .declined(reason, summary):
            let invoice = try await invoicing.issueInvoice(account: account.id, subscription: subscription.id, product: product.id,
                                                           kind: .planChange, at: now, description: description, lines: lines,
                                                           currency: currency, status: .void, method: summary, failure: reason)
            emit(.purchaseDeclined, account: account.id, at: now, subscription: subscription.id,
                 product: product.id, invoice: invoice.id, detail: reason.code)
            return .declined(reason: reason, invoice: invoice)
        case let .paid(summary):
            let invoice = try await invoicing.issueInvoice(account: account.id, subscription: subscription.id, product: product.id,
                                                           kind: .planChange, at: now, description: description, lines: lines,
                                                           currency: currency, status: .paid, method: summary, card: card)
            try await accountRules.spendBalance(accountID: account.id, preview.appliedBalance.minorUnits - max(excess, 0))
            let from = subscription.productID
            // A consented price belonged to the old product.
            subscription.priceOverride = nil
            try await supersedePriceIncreases(subscription.id, at: now)
            // The new period is worth its full price, paid in money, balance and credit together.
            try await lifecycle.apply(PeriodInvoice(period: period, lines: lines, total: preview.newPrice, appliedBalance: 0),
                                      to: &subscription)
            try await subscription.update(in: store)
            if preview.kind == .upgrade { try await transactionIssuer.markUpgraded(subscriptionID: subscription.id) }
            _ = try await transactionIssuer.issueTransaction(account: account, product: .subscription(plan, product), subscription: subscription,
                                                             invoice: invoice, purchaseDate: now, expires: period.end, offerType: nil,
                                                             billing: subscription.billing)
            emit(.planChanged, account: account.id, at: now, subscription: subscription.id, product: product.id,
                 invoice: invoice.id, detail: "\(preview.kind.rawValue) from \(from)")
            return .changed(subscription: subscription.subscription, invoice: invoice)
        }
    }

    func cancelAtPeriodEnd(subscriptionID: String, reason: CancellationReason?) async throws -> Subscription {
        var subscription = try await merchantBilledSubscription(subscriptionID)
        guard subscription.isActiveState else {
            throw PaymentsError.invalidTransition(subscriptionID: subscriptionID, state: subscription.state, action: "cancel")
        }
        guard subscription.willAutoRenew else { return subscription.subscription }
        let now = try await now(for: account(subscription.accountID))
        subscription.willAutoRenew = false
        subscription.unsubscribeAt = now
        subscription.cancellationReason = reason
        try await subscription.update(in: store)
        emit(.cancelled, account: subscription.accountID, at: now, subscription: subscriptionID,
             detail: reason?.rawValue)
        return subscription.subscription
    }

    func resume(subscriptionID: String) async throws -> Subscription {
        var subscription = try await merchantBilledSubscription(subscriptionID)
        guard subscription.isActiveState else {
            throw PaymentsError.invalidTransition(subscriptionID: subscriptionID, state: subscription.state, action: "resume")
        }
        guard !subscription.willAutoRenew else { return subscription.subscription }
        let now = try await now(for: account(subscription.accountID))
        subscription.willAutoRenew = true
        subscription.unsubscribeAt = nil
        subscription.cancellationReason = nil
        try await subscription.update(in: store)
        emit(.resumed, account: subscription.accountID, at: now, subscription: subscriptionID)
        return subscription.subscription
    }

    /// Ends access at once without money moving (family sharing removed, a developer issue).
    func revoke(subscriptionID: String, reason: RevocationReason) async throws -> Subscription {
        var subscription = try await merchantBilledSubscription(subscriptionID)
        guard subscription.state != .revoked else { return subscription.subscription }
        let now = try await now(for: account(subscription.accountID))
        try await revoke(&subscription, reason: reason, at: now)
        try await subscription.update(in: store)
        return subscription.subscription
    }

    func revoke(_ subscription: inout SubscriptionRecord, reason: RevocationReason, at now: Date) async throws {
        try await lifecycle.closeOpenInvoice(&subscription, as: .void)
        if !subscription.isAppStoreMirror {
            // A mirror's transactions are the App Store's to revoke and sign; its revoked token arrives with the refund.
            try await transactionIssuer.revokeTransactions(subscriptionID: subscription.id, at: now, reason: reason == .developerIssue ? .appIssue : .other)
        }
        subscription.state = .revoked
        subscription.revocationDate = now
        subscription.revocationReason = reason
        subscription.willAutoRenew = false
        subscription.nextEventAt = nil
        emit(.revoked, account: subscription.accountID, at: now, subscription: subscription.id,
             product: subscription.productID, detail: reason.rawValue)
    }

    /// The QA control "expire now".
    func expireNow(subscriptionID: String) async throws -> Subscription {
        var subscription = try await merchantBilledSubscription(subscriptionID)
        guard subscription.isActiveState else {
            throw PaymentsError.invalidTransition(subscriptionID: subscriptionID, state: subscription.state, action: "expire")
        }
        let now = try await now(for: account(subscription.accountID))
        try await lifecycle.expire(&subscription, reason: subscription.willAutoRenew ? .unknown : .autoRenewDisabled, at: now)
        subscription.periodEnd = min(subscription.periodEnd, now)
        try await subscription.update(in: store)
        return subscription.subscription
    }
}

extension PlanChanges {
    /// A price-increase consent asked for the old product no longer applies once the plan changes.
    func supersedePriceIncreases(_ subscriptionID: String, at now: Date) async throws {
        try await store.execute("""
            UPDATE pending_actions SET resolved_at = ?, resolution = 'superseded'
            WHERE subscription_id = ? AND kind = 'price_increase' AND resolved_at IS NULL
            """, [now, subscriptionID])
    }
}

extension SubscriptionRecord {
    var isActiveState: Bool { state == .subscribed || state == .inGracePeriod || state == .inBillingRetryPeriod }
}
