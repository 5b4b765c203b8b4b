import Foundation
import PaymentsCore

/// Time passing for the subscriptions the App Store bills, on each customer's clock: renewals
/// (the store account is charged unless the "renewals fail" switch is on), a billing issue with
/// the grace period and billing retry the tester set (App Store Connect's settings, shown with
/// the merchant's), recovery, and the end. Run by the tester's advance (`TestControlDesk`, in time
/// order with the merchant's own work) and for real time by the server's and the storefront's
/// timers (`runScheduledDueWork`), never as a side effect of a read. Each step is one write with
/// its transaction, receipt and notification; the merchant hears of it after.
extension SimulatedAppStore {
    public func nextDueDate(clockID: String?) async throws -> Date? {
        try await backing.readRecords { try await $0.nextDue(clockID: clockID) }
    }

    /// Files the subscriptions of every customer put on a test clock or back on real time since
    /// it last looked under the clock the customer is on, from the merchant's events in their
    /// order: what the tester's advance does before it runs and the timers at each tick, so a
    /// customer moved onto a clock since the purchase renews on it. Each page of events is one
    /// write that moves the cursor from where it was read: another server that followed them
    /// meanwhile wins, and this one reads on from there, so no move is undone by a stale one.
    public func followClocks() async throws {
        while true {
            let cursor = try await backing.readRecords { try await $0.clockEventCursor() }
            let events = try await merchant.events(accountID: nil, after: cursor, limit: Self.eventsPerPage)
            guard let last = events.last?.id else { return }
            let moves: [(accountID: String, clockID: String?)] = events.compactMap { event in
                guard let accountID = event.accountID else { return nil }
                switch event.type {
                case .testClockAttached: return (accountID, event.detail)
                case .testClockDetached: return (accountID, nil)
                default: return nil
                }
            }
            _ = try await backing.writeRecords { records in
                guard try await records.moveClockEventCursor(from: cursor, to: last) else { return false }
                for move in moves { try await records.moveClock(accountID: move.accountID, to: move.clockID) }
                return true
            }
            if events.count < Self.eventsPerPage { return }
        }
    }

    private static let eventsPerPage = 1_000

    public func runDueWork(clockID: String?, until: Date) async throws -> ClockAdvanceReport {
        var report = ClockAdvanceReport(clockID: clockID ?? "", from: until, to: until)
        // The tester's switch as the run starts: read once, not at every renewal.
        let renewalsFail = try await backing.readRecords { try await $0.controls() }.renewalsFail
        // Each step moves its subscription's next work past its instant, ends it, or files it
        // under the clock its customer is on now, so this ends; the bound only keeps a corrupt
        // row from looping.
        for _ in 0..<Self.stepsPerRun {
            guard let due = try await backing.readRecords({ try await $0.earliestDue(clockID: clockID, until: until) }),
                  let at = due.nextEventAt else { break }
            // Only what is due is checked against its customer's clock: a customer moved onto a
            // test clock since waits for that clock's advance.
            let account = try await merchant.account(due.accountID)
            guard account.testClockID == clockID else {
                try await backing.writeRecords { try await $0.moveClock(accountID: due.accountID, to: account.testClockID) }
                continue
            }
            try await step(due, of: account, at: at, renewalsFail: renewalsFail, report: &report)
        }
        try await tellMerchant()
        return report
    }

    /// Real time's due work (customers on no test clock), as of the App Store's clock: what the
    /// timers of `kiosk serve` and `kiosk run` call each tick, with the device's uploads. A tick
    /// follows the customers moved onto or off a test clock since the last (so one taken off its
    /// clock renews in real time again) and reads only what is due in real time, checked against
    /// its customer's clock when it is.
    public func runScheduledDueWork() async throws {
        try await followClocks()
        _ = try await runDueWork(clockID: nil, until: backing.clock.now)
        _ = try await deliverReceipts()
    }

    private static let stepsPerRun = 100_000

    /// One step at `time`, the subscription's due instant.
    private func step(_ due: AppStoreSubscription, of account: Account, at time: Date, renewalsFail: Bool,
                      report: inout ClockAdvanceReport) async throws {
        var subscription = due
        switch subscription.state {
        case .subscribed:
            guard subscription.willAutoRenew else {
                // Turned off by the customer, or by declining a price increase.
                let reason = subscription.expirationReason ?? .autoRenewDisabled
                let subtype = reason == .didNotConsentToPriceIncrease ? "PRICE_INCREASE" : "VOLUNTARY"
                return try await expire(subscription, reason, subtype, at: time, report: &report)
            }
            try await renew(subscription, of: account, at: time, renewalsFail: renewalsFail, report: &report)
        case .inGracePeriod, .inBillingRetryPeriod:
            if !subscription.willAutoRenew {
                try await expire(subscription, .autoRenewDisabled, "VOLUNTARY", at: time, report: &report)
            } else if let ends = subscription.retryEndsAt, ends <= time, subscription.nextRetryAt.map({ $0 >= ends }) ?? true {
                try await expire(subscription, .billingError, "BILLING_RETRY", at: time, report: &report)
            } else if let retry = subscription.nextRetryAt, retry <= time {
                try await retryCharge(subscription, of: account, at: time, renewalsFail: renewalsFail, report: &report)
            } else if subscription.state == .inGracePeriod, let graceEnds = subscription.graceEndsAt, graceEnds <= time {
                subscription.state = .inBillingRetryPeriod
                subscription.graceEndsAt = nil
                subscription.scheduleNextEvent()
                try await write(subscription, was: due, at: time, notice: try await notice("GRACE_PERIOD_EXPIRED", nil, about: subscription))
            } else {
                subscription.scheduleNextEvent()
                try await write(subscription, was: due, at: time)
            }
        case .expired, .revoked:
            subscription.nextEventAt = nil
            try await write(subscription, was: due, at: time)
        }
    }

    /// The renewal at the end of a period: the store account charged for the next one, or a
    /// billing issue opened.
    private func renew(_ due: AppStoreSubscription, of account: Account, at time: Date, renewalsFail: Bool,
                       report: inout ClockAdvanceReport) async throws {
        if let consent = try await backing.readRecords({ try await $0.openConsent(of: due.originalTransactionID) }) {
            // A price increase needing consent that was never given ends the subscription.
            _ = try await backing.writeRecords { try await $0.resolve(consent, as: "expired", at: time) }
            return try await expire(due, .didNotConsentToPriceIncrease, "PRICE_INCREASE", at: time, report: &report)
        }
        guard let terms = try due.renewal(catalog: backing.catalog, start: due.periodEnd, restartSeries: false) else {
            return try await expire(due, .productUnavailable, "PRODUCT_NOT_FOR_SALE", at: time, report: &report)
        }
        guard renewalsFail else {
            try await charge(due, of: account, terms: terms, at: time, subtype: nil)
            report.renewals += 1
            if due.periodType == .trial { report.trialConversions += 1 }
            return
        }
        let issue = try TermsCalculator.billingIssue(settings: try await merchant.settings(), at: time)
        var subscription = due
        subscription.billingIssueAt = time
        subscription.retryEndsAt = issue.retryEndsAt
        subscription.retryIndex = 0
        subscription.nextRetryAt = issue.nextRetryAt
        subscription.state = issue.state
        subscription.graceEndsAt = issue.graceEndsAt
        subscription.scheduleNextEvent()
        let subtype = subscription.state == .inGracePeriod ? "GRACE_PERIOD" : nil
        try await write(subscription, was: due, at: time, notice: try await notice("DID_FAIL_TO_RENEW", subtype, about: subscription))
        report.failedRenewals += 1
    }

    /// A retry of the failed renewal during grace or billing retry. Recovered in grace, the
    /// customer keeps the days (the period starts at the missed renewal); in billing retry the
    /// renewal date moves to today, as on the App Store.
    private func retryCharge(_ due: AppStoreSubscription, of account: Account, at time: Date, renewalsFail: Bool,
                             report: inout ClockAdvanceReport) async throws {
        let inGrace = due.state == .inGracePeriod
        guard let terms = try due.renewal(catalog: backing.catalog, start: inGrace ? due.periodEnd : time,
                                          restartSeries: !inGrace) else {
            return try await expire(due, .productUnavailable, "PRODUCT_NOT_FOR_SALE", at: time, report: &report)
        }
        guard renewalsFail else {
            try await charge(due, of: account, terms: terms, at: time, subtype: "BILLING_RECOVERY")
            report.recoveries += 1
            if due.periodType == .trial { report.trialConversions += 1 }
            return
        }
        var subscription = due
        subscription.retryIndex += 1
        subscription.nextRetryAt = try TermsCalculator.nextRetry(after: due.billingIssueAt ?? time, index: subscription.retryIndex,
                                                                 ends: subscription.retryEndsAt)
        subscription.scheduleNextEvent()
        try await write(subscription, was: due, at: time)
    }

    /// A paid period: its transaction signed, the subscription moved into it, DID_RENEW queued.
    private func charge(_ due: AppStoreSubscription, of account: Account, terms: PeriodTerms, at time: Date,
                        subtype: String?) async throws {
        let latest = try await backing.readRecords { try await $0.sale(due.latestTransactionID) }
        let (id, webOrder) = try await backing.writeRecords { (try await $0.nextTransactionID(), try await $0.nextWebOrderLineItemID()) }
        let sale = try AppStoreSale(period: terms, account: account, transactionID: id,
                                    original: (due.originalTransactionID, due.originalPurchase), webOrderLineItemID: webOrder,
                                    reason: .renewal, appAccountToken: latest.payload.appAccountToken, at: time,
                                    catalog: backing.catalog, signedAt: backing.clock.now, signing: backing.signing)
        var subscription = due
        subscription.enter(terms, transactionID: id)
        let notice = try self.notice("DID_RENEW", subtype, transaction: sale.transaction, subscription: subscription)
        try await write(subscription, was: due, at: time, notice: notice, transaction: sale)
    }

    private func expire(_ due: AppStoreSubscription, _ reason: ExpirationReason, _ subtype: String, at time: Date,
                        report: inout ClockAdvanceReport) async throws {
        var subscription = due
        subscription.state = .expired
        subscription.expirationReason = reason
        subscription.willAutoRenew = false
        subscription.graceEndsAt = nil
        subscription.nextRetryAt = nil
        subscription.scheduleNextEvent()
        try await write(subscription, was: due, at: time, notice: try await notice("EXPIRED", subtype, about: subscription))
        report.expirations += 1
    }

    /// A notification carrying the subscription's latest transaction as the App Store holds it.
    private func notice(_ type: String, _ subtype: String?, about subscription: AppStoreSubscription) async throws -> SubscriptionNotice {
        try notice(type, subtype, transaction: try await signedTransaction(subscription.latestTransactionID),
                   subscription: subscription)
    }

    /// Writes a step, unless another writer (a second server's timer, a customer's change) moved
    /// the subscription on since it was read: then that writer's step stands.
    private func write(_ subscription: AppStoreSubscription, was due: AppStoreSubscription, at time: Date,
                       notice: SubscriptionNotice? = nil, transaction: AppStoreSale? = nil) async throws {
        let systemNow = backing.clock.now
        try await backing.writeRecords { records in
            guard try await records.update(subscription, was: due) else { return }
            if let transaction {
                try await records.recordTransaction(transaction.transaction, payloadJSON: transaction.payloadJSON, at: time)
            }
            if let notice { try await records.queue(notice, subscription: subscription, at: time, sentFrom: systemNow) }
        }
    }
}
