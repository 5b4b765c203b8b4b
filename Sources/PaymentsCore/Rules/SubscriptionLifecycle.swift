import Foundation

/// Time passing for subscriptions: renewals, billing retry, grace periods and expiry, run by
/// the scheduler (or a test clock's advance), never as a side effect of a read.
struct SubscriptionLifecycle: Rules {
    let work: UnitOfWork
    var accountRules: AccountRules { AccountRules(work: work) }
    var invoicing: Invoicing { Invoicing(work: work) }
    var testControls: TestControls { TestControls(work: work) }
    var transactionIssuer: TransactionIssuer { TransactionIssuer(work: work) }

    /// Runs due lifecycle steps of subscriptions on one clock (nil: real time) up to `until`,
    /// strictly in time order across subscriptions, at most `limit` steps.
    ///
    /// A batch of `limit` steps can only reach the `limit` earliest due subscriptions (each step
    /// pops one entry, and a later-due subscription waits behind all of those), so exactly those
    /// rows are read, whole, in one pass of the `(clock_id, next_event_at)` index. Each stays in
    /// memory for the rest of the batch as its steps update it: a step costs its writes, not a
    /// read of the subscription and not a scan of everything due. Returns the steps taken and the
    /// time of the last one.
    func processDue(clockID: String?, until: Date, limit: Int,
                    report: inout ClockAdvanceReport) async throws -> (steps: Int, last: Date?) {
        let filter = clockID == nil ? "clock_id IS NULL" : "clock_id = ?"
        let arguments: [(any StoreValueConvertible)?] = (clockID.map { [$0] } ?? []) + [until, limit]
        let due = try await store.fetchAll(SubscriptionRecord.self, StoreSQL("""
            SELECT * FROM subscriptions
            WHERE \(filter) AND next_event_at IS NOT NULL AND next_event_at <= ?
            ORDER BY next_event_at, id LIMIT ?
            """), StoreArguments(arguments))
        var records = Dictionary(due.map { ($0.id, $0) }, uniquingKeysWith: { first, _ in first })
        var queue = try DueQueue(due.compactMap { record in
            try record.nextEventAt.map { DueQueue.Entry(at: try $0.milliseconds, id: record.id) }
        })
        var steps = 0
        var last: Date?
        while steps < limit, let entry = queue.popEarliest() {
            var found = records.removeValue(forKey: entry.id)
            if found == nil { found = try await subscription(dueID: entry.id) }
            guard var subscription = found, let due = subscription.nextEventAt, try due.milliseconds == entry.at else { continue }
            try await step(&subscription, at: due, report: &report)
            try await subscription.update(in: store)
            steps += 1
            last = due
            if let next = subscription.nextEventAt, next <= until {
                queue.insert(DueQueue.Entry(at: try next.milliseconds, id: subscription.id))
                records[subscription.id] = subscription
            }
        }
        return (steps, last)
    }

    /// Every step due on the real clock (accounts on no test clock), as of `systemNow`.
    @discardableResult
    func processDueOnTheRealClock() async throws -> ClockAdvanceReport {
        var report = ClockAdvanceReport(clockID: "", from: systemNow, to: systemNow)
        _ = try await processDue(clockID: nil, until: systemNow, limit: .max, report: &report)
        return report
    }

    /// Whether this transaction may run the scheduled due work: on PostgreSQL, false while another
    /// server's scheduler holds the store's turn (a transaction-level advisory lock, released at
    /// its commit); SQLite's one writer at a time always may.
    func takeSchedulersTurn() async throws -> Bool {
        try await store.fetchOne(Bool.self, StoreSQL(
            sqlite: "SELECT 1",
            postgres: "SELECT pg_try_advisory_xact_lock(\(StoreAdvisoryLock.schedulersTurn.key))")) == true
    }

    private func subscription(dueID id: String) async throws -> SubscriptionRecord? {
        try await store.fetchOne(SubscriptionRecord.self, "SELECT * FROM subscriptions WHERE id = ?", [id])
    }

    /// Whether any subscription on the clock (nil: real time) has a step due at `systemNow`.
    func hasDueWork(clockID: String?) async throws -> Bool {
        let filter = clockID == nil ? "clock_id IS NULL" : "clock_id = ?"
        let arguments: [(any StoreValueConvertible)?] = (clockID.map { [$0] } ?? []) + [systemNow]
        return try await store.fetchOne(Bool.self, StoreSQL("""
            SELECT EXISTS (SELECT 1 FROM subscriptions WHERE \(filter) AND next_event_at IS NOT NULL AND next_event_at <= ?)
            """), StoreArguments(arguments)) ?? false
    }

    /// One lifecycle step at `time`, the subscription's due instant.
    func step(_ subscription: inout SubscriptionRecord, at time: Date, report: inout ClockAdvanceReport) async throws {
        switch subscription.state {
        case .subscribed:
            guard subscription.willAutoRenew else {
                try await expire(&subscription, reason: subscription.expirationReason ?? .autoRenewDisabled, at: time)
                report.expirations += 1
                return
            }
            try await renew(&subscription, at: time, report: &report)
        case .inGracePeriod, .inBillingRetryPeriod:
            if !subscription.willAutoRenew {
                try await expire(&subscription, reason: .autoRenewDisabled, at: time)
                report.expirations += 1
            } else if let ends = subscription.retryEndsAt, ends <= time,
                      subscription.nextRetryAt.map({ $0 >= ends }) ?? true {
                try await expire(&subscription, reason: .billingError, at: time)
                report.expirations += 1
            } else if let retry = subscription.nextRetryAt, retry <= time {
                try await retryCharge(&subscription, at: time, report: &report)
            } else if subscription.state == .inGracePeriod, let graceEnds = subscription.graceEndsAt, graceEnds <= time {
                subscription.state = .inBillingRetryPeriod
                subscription.scheduleNextEvent()
                emit(.billingRetryStarted, account: subscription.accountID, at: time, subscription: subscription.id)
            } else {
                subscription.scheduleNextEvent()
            }
        case .expired, .revoked:
            subscription.nextEventAt = nil
        }
    }

    /// The QA control "force renewal": the current period ends now and the renewal runs at once.
    func forceRenewal(subscriptionID: String) async throws -> Subscription {
        var subscription = try await merchantBilledSubscription(subscriptionID)
        guard subscription.state == .subscribed else {
            throw PaymentsError.invalidTransition(subscriptionID: subscriptionID, state: subscription.state, action: "renew")
        }
        let now = try await now(for: account(subscription.accountID))
        subscription.periodEnd = now
        subscription.seriesAnchor = now
        subscription.seriesIndex = -1
        var report = ClockAdvanceReport(clockID: "", from: now, to: now)
        try await step(&subscription, at: now, report: &report)
        try await subscription.update(in: store)
        return subscription.subscription
    }

    /// The renewal at the end of a period: charge the next period, or open a billing issue.
    private func renew(_ subscription: inout SubscriptionRecord, at time: Date, report: inout ClockAdvanceReport) async throws {
        if let consent = try await unansweredPriceIncrease(subscription) {
            // Apple: a price increase needing consent that was never given ends the subscription.
            try await testControls.resolvePending(consent, resolution: "expired", at: time)
            try await expire(&subscription, reason: .didNotConsentToPriceIncrease, at: time)
            report.expirations += 1
            return
        }
        // Read once per renewal: the terms need its balance, the transaction its storefront.
        let account = try await account(subscription.accountID)
        guard let terms = try await renewalTerms(subscription, account: account, start: subscription.periodEnd,
                                                 restartSeries: false, ifSold: true) else {
            try await expire(&subscription, reason: .productUnavailable, at: time)
            report.expirations += 1
            return
        }
        let description = "Renewal of \(terms.period.plan.name)"
        switch try await offSessionCharge(terms.total, subscription, at: time) {
        case let .paid(summary):
            let invoice = try await invoicing.issueInvoice(account: subscription.accountID, subscription: subscription.id,
                                                           product: terms.period.product.id, kind: .renewal, at: time, description: description,
                                                           lines: terms.lines, currency: subscription.currencyValue, status: .paid,
                                                           method: summary)
            try await accountRules.spendBalance(accountID: subscription.accountID, terms.appliedBalance)
            let wasTrial = subscription.periodType == .trial
            try await apply(terms, to: &subscription)
            try await issueRenewalTransaction(subscription, account: account, terms: terms, invoice: invoice, at: time)
            report.renewals += 1
            if wasTrial {
                report.trialConversions += 1
                emit(.trialConverted, account: subscription.accountID, at: time, subscription: subscription.id,
                     product: terms.period.product.id, invoice: invoice.id)
            }
            emit(.renewed, account: subscription.accountID, at: time, subscription: subscription.id,
                 product: terms.period.product.id, invoice: invoice.id)
        case let .declined(reason, summary):
            // Stripe applies customer balance when the invoice is finalized, paid or not.
            let invoice = try await invoicing.issueInvoice(account: subscription.accountID, subscription: subscription.id,
                                                           product: terms.period.product.id, kind: .renewal, at: time, description: description,
                                                           lines: terms.lines, currency: subscription.currencyValue, status: .open,
                                                           method: summary, failure: reason)
            try await accountRules.spendBalance(accountID: subscription.accountID, terms.appliedBalance)
            let issue = try TermsCalculator.billingIssue(settings: try await settings(), at: time)
            subscription.openInvoiceID = invoice.id
            subscription.billingIssueAt = time
            subscription.retryEndsAt = issue.retryEndsAt
            subscription.retryIndex = 0
            subscription.nextRetryAt = issue.nextRetryAt
            subscription.state = issue.state
            subscription.graceEndsAt = issue.graceEndsAt
            subscription.scheduleNextEvent()
            report.failedRenewals += 1
            emit(.renewalFailed, account: subscription.accountID, at: time, subscription: subscription.id,
                 invoice: invoice.id, detail: reason.code)
            emit(subscription.state == .inGracePeriod ? .gracePeriodStarted : .billingRetryStarted,
                 account: subscription.accountID, at: time, subscription: subscription.id)
        }
    }

    /// A retry of the open renewal invoice during grace or billing retry.
    private func retryCharge(_ subscription: inout SubscriptionRecord, at time: Date,
                             report: inout ClockAdvanceReport) async throws {
        guard let invoiceID = subscription.openInvoiceID else {
            try await expire(&subscription, reason: .billingError, at: time)
            report.expirations += 1
            return
        }
        var invoice = try await invoicing.invoice(invoiceID)
        let inGrace = subscription.state == .inGracePeriod
        let start = inGrace ? subscription.periodEnd : time
        // Decide what recovery would start before charging: if the product can no longer be
        // sold, nothing is charged and the subscription ends instead of looping on a paid invoice.
        guard invoice.status == .open,
              let terms = try await renewalTerms(subscription, start: start, restartSeries: !inGrace, ifSold: true) else {
            try await expire(&subscription, reason: .productUnavailable, at: time)
            report.expirations += 1
            return
        }
        let amount = Money(minorUnits: invoice.total, currency: subscription.currencyValue)
        invoice.attemptCount += 1
        switch try await offSessionCharge(amount, subscription, at: time) {
        case let .declined(reason, summary):
            invoice.failureCode = reason.code
            invoice.pmBrand = summary?.brand
            invoice.pmLast4 = summary?.last4
            try await invoice.update(in: store)
            subscription.retryIndex += 1
            subscription.nextRetryAt = try TermsCalculator.nextRetry(after: subscription.billingIssueAt ?? time,
                                                                     index: subscription.retryIndex, ends: subscription.retryEndsAt)
            subscription.scheduleNextEvent()
            emit(.renewalFailed, account: subscription.accountID, at: time, subscription: subscription.id,
                 invoice: invoice.id, detail: reason.code)
        case let .paid(summary):
            invoice.status = .paid
            invoice.failureCode = nil
            invoice.pmBrand = summary?.brand
            invoice.pmLast4 = summary?.last4
            // It pays for the period recovery starts, which in billing retry begins today.
            invoice.lines = invoice.lines.map { line in
                guard line.periodEnd != nil, line.kind == .charge || line.kind == .introOffer else { return line }
                var paidFor = line
                paidFor.periodStart = terms.period.start
                paidFor.periodEnd = terms.period.end
                return paidFor
            }
            try await invoice.update(in: store)
            try await invoicing.postLedger(invoice: invoice.invoice, kind: "charge", amount: amount, at: time)
            // Recovered in grace: the customer keeps the days (the period starts at the missed
            // renewal date). Recovered in billing retry: the renewal date moves to today, as on
            // the App Store.
            let wasTrial = subscription.periodType == .trial
            try await apply(terms, to: &subscription)
            try await issueRenewalTransaction(subscription, terms: terms, invoice: invoice.invoice, at: time)
            if wasTrial {
                report.trialConversions += 1
                emit(.trialConverted, account: subscription.accountID, at: time, subscription: subscription.id,
                     product: terms.period.product.id, invoice: invoice.id)
            }
            report.recoveries += 1
            emit(.recovered, account: subscription.accountID, at: time, subscription: subscription.id,
                 invoice: invoice.id)
        }
    }

    /// The two ways a renewal charge can end.
    enum OffSessionResult {
        case paid(PaymentMethodSummary?)
        case declined(DeclineReason, PaymentMethodSummary?)
    }

    /// A renewal charge: nobody is there to answer a 3-D Secure challenge, so one is a decline.
    private func offSessionCharge(_ amount: Money, _ subscription: SubscriptionRecord,
                                  at time: Date) async throws -> OffSessionResult {
        switch try await invoicing.collect(amount, card: renewalCard(subscription), at: time, offSession: true) {
        case let .paid(summary): .paid(summary)
        case let .declined(reason, summary): .declined(reason, summary)
        case let .requiresAuthentication(summary):
            .declined(DeclineReason(code: "authentication_required", message: "Your card requires authentication."), summary)
        }
    }

    /// Ends a subscription; an invoice still being retried can no longer be collected.
    func expire(_ subscription: inout SubscriptionRecord, reason: ExpirationReason, at time: Date) async throws {
        try await closeOpenInvoice(&subscription, as: reason == .billingError ? .uncollectible : .void)
        subscription.state = .expired
        subscription.expirationReason = reason
        subscription.willAutoRenew = false
        subscription.graceEndsAt = nil
        subscription.nextRetryAt = nil
        subscription.nextEventAt = nil
        emit(.expired, account: subscription.accountID, at: time, subscription: subscription.id,
             product: subscription.productID, detail: reason.rawValue)
    }

    /// Gives back the balance an unpaid invoice had consumed, and closes it.
    func closeOpenInvoice(_ subscription: inout SubscriptionRecord, as status: InvoiceStatus) async throws {
        guard let id = subscription.openInvoiceID else { return }
        var invoice = try await invoicing.invoice(id)
        if invoice.status == .open {
            invoice.status = status
            try await invoice.update(in: store)
            let returned = invoice.lines.filter { $0.kind == .appliedBalance }.reduce(Int64(0)) { $0 - $1.amount.minorUnits }
            try await accountRules.spendBalance(accountID: subscription.accountID, -returned)
        }
        subscription.openInvoiceID = nil
    }

    /// The next period's terms starting at `start` (`TermsCalculator.renewal`) as invoice lines,
    /// with the account's balance applied. `ifSold` (a renewal) answers nil rather than throw
    /// when the product has no price in the currency (`TermsCalculator.renewalIfSold`).
    func renewalTerms(_ subscription: SubscriptionRecord, account: AccountRecord? = nil, start: Date,
                      restartSeries: Bool, ifSold: Bool = false) async throws -> PeriodInvoice? {
        let standing = subscription.standing
        guard let period = try ifSold ? terms.renewalIfSold(of: standing, start: start, restartSeries: restartSeries)
            : terms.renewal(of: standing, start: start, restartSeries: restartSeries) else { return nil }
        let owner: AccountRecord
        if let account { owner = account } else { owner = try await self.account(subscription.accountID) }
        return try invoicing.periodInvoice(period, for: owner)
    }

    /// Moves a subscription into the period the terms describe, clearing any billing issue.
    func apply(_ terms: PeriodInvoice, to subscription: inout SubscriptionRecord) async throws(MoneyError) {
        let period = terms.period
        if period.product.id != subscription.productID { subscription.priceOverride = nil }
        subscription.planID = period.plan.id
        subscription.productID = period.product.id
        subscription.pendingProductID = nil
        subscription.periodType = period.periodType
        subscription.introPeriodsLeft = period.introPeriodsLeft
        subscription.offerPeriodsLeft = period.offerPeriodsLeft
        if period.offerPeriodsLeft == 0 { subscription.offerCode = nil }
        subscription.seriesAnchor = period.seriesAnchor
        subscription.seriesIndex = period.seriesIndex
        subscription.periodStart = period.start
        subscription.periodEnd = period.end
        subscription.paidAmount = try terms.total.adding(Money(minorUnits: terms.appliedBalance, currency: terms.total.currency)).minorUnits
        subscription.state = .subscribed
        subscription.billingIssueAt = nil
        subscription.graceEndsAt = nil
        subscription.retryEndsAt = nil
        subscription.nextRetryAt = nil
        subscription.retryIndex = 0
        subscription.openInvoiceID = nil
        subscription.scheduleNextEvent()
    }

    /// The subscription's card, falling back to the account's default card if that one was removed.
    private func renewalCard(_ subscription: SubscriptionRecord) async throws -> PaymentMethodRecord? {
        if let id = subscription.paymentMethodID,
           let method = try await store.fetchOne(PaymentMethodRecord.self, "SELECT * FROM payment_methods WHERE id = ?", [id]),
           method.removedAt == nil {
            return method
        }
        return try await accountRules.activePaymentMethods(subscription.accountID).first(where: \.isDefault)
    }

    private func issueRenewalTransaction(_ subscription: SubscriptionRecord, account: AccountRecord? = nil,
                                         terms: PeriodInvoice, invoice: Invoice, at time: Date) async throws {
        let owner: AccountRecord
        if let account { owner = account } else { owner = try await self.account(subscription.accountID) }
        let period = terms.period
        _ = try await transactionIssuer.issueTransaction(account: owner, product: .subscription(period.plan, period.product),
                                                         subscription: subscription, invoice: invoice, purchaseDate: time,
                                                         expires: period.end, offerType: period.offerType,
                                                         offerCode: period.periodType == .intro ? nil : period.discount?.code, reason: .renewal,
                                                         billing: subscription.billing)
    }

    /// The id of a price-increase consent still waiting for this subscription.
    private func unansweredPriceIncrease(_ subscription: SubscriptionRecord) async throws -> String? {
        try await store.fetchOne(String.self, """
            SELECT id FROM pending_actions WHERE subscription_id = ? AND kind = 'price_increase' AND resolved_at IS NULL
            """, [subscription.id])
    }
}
