import Foundation
import Testing
@testable import PaymentsCore

@Suite struct LifecycleTests {
    static let declining = ChargeBehaviour.declines(DeclineReason(code: "card_declined", message: "Your card was declined."))

    /// Makes the account's only card decline (or succeed) from now on.
    func setCard(_ store: CoreFixture, _ account: Account, _ behaviour: ChargeBehaviour) async throws {
        for method in try await store.service.paymentMethods(accountID: account.id) {
            try await store.service.removePaymentMethod(method.id)
        }
        _ = try await store.service.addPaymentMethod(accountID: account.id, NewPaymentMethod(
            token: "tok_new", brand: "visa", last4: "0341", expMonth: 12, expYear: 2035, behaviour: behaviour))
    }

    @Test func failedRenewalGoesGraceThenRetryThenRecoversKeepingTheRenewalDateInGrace() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly")
        try await setCard(store, ada, Self.declining)
        try await store.advance(days: 365)
        var subscription = try await store.subscription(ada)
        #expect(subscription.state == .inGracePeriod)
        #expect(subscription.billingIssueDetectedAt == CoreFixture.date("2027-01-01T00:00:00Z"))
        #expect(subscription.gracePeriodEndsAt == CoreFixture.date("2027-01-17T00:00:00Z"))
        #expect(try await store.service.entitlements(accountID: ada.id).map(\.id) == ["premium"])
        let open = try #require(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery(status: .open)).items.first)
        #expect(open.failureCode == "card_declined")
        try await setCard(store, ada, .succeeds)
        try await store.advance(days: 1)  // the first retry is one day after the failure
        subscription = try await store.subscription(ada)
        #expect(subscription.state == .subscribed)
        #expect(subscription.currentPeriodStart == CoreFixture.date("2027-01-01T00:00:00Z"))
        #expect(subscription.currentPeriodEnd == CoreFixture.date("2028-01-01T00:00:00Z"))
        #expect(try await store.service.invoice(open.id).status == .paid)
        #expect(try await store.service.invoice(open.id).attemptCount == 2)
        #expect(try await store.service.invoice(open.id).servicePeriodEnd == CoreFixture.date("2028-01-01T00:00:00Z"))
        #expect(try await store.invariants() == [])
    }

    @Test func billingRetryWithoutGraceRemovesAccessAndRecoveryMovesTheRenewalDate() async throws {
        let store = try await CoreFixture(settings: StoreSettings(gracePeriodEnabled: false))
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly")
        try await setCard(store, ada, Self.declining)
        try await store.advance(days: 365)
        #expect(try await store.subscription(ada).state == .inBillingRetryPeriod)
        #expect(try await store.service.entitlements(accountID: ada.id).isEmpty)
        try await store.advance(days: 4)  // retries on days 1 and 3 fail
        try await setCard(store, ada, .succeeds)
        try await store.advance(days: 1)  // day 5 succeeds
        let subscription = try await store.subscription(ada)
        #expect(subscription.state == .subscribed)
        #expect(subscription.currentPeriodStart == CoreFixture.date("2027-01-06T00:00:00Z"))
        #expect(subscription.currentPeriodEnd == CoreFixture.date("2028-01-06T00:00:00Z"))
        let renewal = try #require(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.first)
        #expect(renewal.attemptCount == 4)
        // The invoice pays for the period recovery started, not the one the failed renewal planned.
        #expect(renewal.servicePeriodEnd == CoreFixture.date("2028-01-06T00:00:00Z"))
        #expect(renewal.lines.first?.periodStart == CoreFixture.date("2027-01-06T00:00:00Z"))
        #expect(try await store.invariants() == [])
    }

    @Test func graceThenBillingRetryThenExpiryAfterSixtyDays() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly")
        try await setCard(store, ada, Self.declining)
        try await store.advance(days: 365 + 16)
        #expect(try await store.subscription(ada).state == .inBillingRetryPeriod)
        #expect(try await store.service.entitlements(accountID: ada.id).isEmpty)
        try await store.advance(days: 44)
        let subscription = try await store.subscription(ada)
        #expect(subscription.state == .expired)
        #expect(subscription.expirationReason == .billingError)
        let renewal = try #require(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.first)
        #expect(renewal.status == .uncollectible)
        #expect(renewal.attemptCount == 1 + StoreSettings.retryDays.count)
        let events = try await store.service.events(accountID: ada.id, after: nil, limit: 200).map(\.type)
        #expect(events.filter { $0 == .renewalFailed }.count == 1 + StoreSettings.retryDays.count)
        #expect(events.contains(.gracePeriodStarted) && events.contains(.billingRetryStarted) && events.last == .expired)
        #expect(try await store.invariants() == [])
    }

    @Test func cancelAtPeriodEndKeepsAccessUntilThenExpiresAndResumeUndoesIt() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let id = try #require(try await store.buy(ada, "pro.yearly").subscription).id
        var subscription = try await store.service.cancelAtPeriodEnd(subscriptionID: id, reason: .tooExpensive)
        #expect(!subscription.willAutoRenew && subscription.unsubscribeDetectedAt == CoreFixture.start)
        subscription = try await store.service.resume(subscriptionID: id)
        #expect(subscription.willAutoRenew && subscription.unsubscribeDetectedAt == nil)
        _ = try await store.service.cancelAtPeriodEnd(subscriptionID: id, reason: .unused)
        try await store.advance(days: 364)
        #expect(try await store.service.entitlements(accountID: ada.id).first?.willRenew == false)
        try await store.advance(days: 1)
        subscription = try await store.subscription(ada)
        #expect(subscription.state == .expired && subscription.expirationReason == .autoRenewDisabled)
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.count == 1)
        await #expect(throws: PaymentsError.invalidTransition(subscriptionID: id, state: .expired, action: "resume")) {
            _ = try await store.service.resume(subscriptionID: id)
        }
    }

    @Test func upgradeIsImmediateWithExactProratedCreditRoundedDown() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly")  // 100.00 for 365 days
        try await store.advance(days: 100)
        let id = try await store.subscription(ada).id
        let preview = try await store.service.previewPlanChange(subscriptionID: id, toProductID: "max.monthly")
        #expect(preview.kind == .upgrade && preview.timing == .immediate)
        // 10000 × 265/365 = 7260.27… → 7260
        #expect(preview.creditForUnusedTime.minorUnits == 7260)
        #expect(preview.chargeNow.minorUnits == 0)
        #expect(preview.balanceAfter.minorUnits == 7260 - 3000)
        guard case let .changed(subscription, invoice) = try await store.service.changePlan(
            PlanChangeRequest(subscriptionID: id, toProductID: "max.monthly")) else { Issue.record("not changed"); return }
        #expect(subscription.productID == "max.monthly" && subscription.periodType == .normal)
        #expect(invoice.total.minorUnits == 0)
        #expect(invoice.lines.map(\.kind) == [.charge, .prorationCredit, .balanceCredit])
        // People read invoices: plan names, never catalog ids (issue 41, item 12).
        #expect(invoice.description == "Change from Pro to Max")
        #expect(invoice.lines.map(\.description).prefix(2) == ["Max (monthly)", "Unused time on Pro"])
        #expect(try await store.service.account(ada.id).creditBalance == 4260)
        try await store.advance(days: 31)  // the next renewal is paid from the balance first
        let renewal = try #require(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.first)
        #expect(renewal.total.minorUnits == 0 && renewal.lines.last?.kind == .appliedBalance)
        #expect(try await store.service.account(ada.id).creditBalance == 1260)
        #expect(try await store.invariants() == [])
    }

    @Test func upgradeChargesTheDifferenceAndCreditNeverExceedsWhatWasPaid() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly", code: "HALF")  // paid 50.00
        let id = try await store.subscription(ada).id
        let preview = try await store.service.previewPlanChange(subscriptionID: id, toProductID: "max.yearly")
        #expect(preview.creditForUnusedTime.minorUnits == 5000)  // the whole period unused: exactly what was paid
        #expect(preview.chargeNow.minorUnits == 25000)
        _ = try await store.service.changePlan(PlanChangeRequest(subscriptionID: id, toProductID: "max.yearly", idempotencyKey: "up"))
        _ = try await store.service.changePlan(PlanChangeRequest(subscriptionID: id, toProductID: "max.yearly", idempotencyKey: "up"))
        let charges = try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.map(\.total.minorUnits)
        #expect(charges == [25000, 5000])
    }

    @Test func downgradeWaitsForRenewalAndCanBeWithdrawn() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "max.yearly")
        let id = try await store.subscription(ada).id
        try await store.advance(days: 200)  // past the six-month intro: now on the regular yearly series
        guard case let .scheduled(subscription) = try await store.service.changePlan(
            PlanChangeRequest(subscriptionID: id, toProductID: "pro.monthly")) else { Issue.record("not scheduled"); return }
        #expect(subscription.pendingProductID == "pro.monthly" && subscription.productID == "max.yearly")
        _ = try await store.service.changePlan(PlanChangeRequest(subscriptionID: id, toProductID: "max.yearly"))
        #expect(try await store.subscription(ada).pendingProductID == nil)
        _ = try await store.service.changePlan(PlanChangeRequest(subscriptionID: id, toProductID: "pro.monthly"))
        store.clock.set(CoreFixture.date("2027-07-01T00:00:00Z"))
        try await store.service.runDueWork()
        let after = try await store.subscription(ada)
        #expect(after.productID == "pro.monthly" && after.pendingProductID == nil)
        #expect(after.currentPeriodEnd == CoreFixture.date("2027-08-01T00:00:00Z"))
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.first?.total.minorUnits == 1000)
    }

    @Test func crossgradeIsImmediateForSamePeriodAndAtRenewalOtherwise() async throws {
        let same = Catalog(name: "X", currency: .usd, plans: [
            Plan(id: "a", name: "A", rank: 1, products: [
                SubscriptionProduct(id: "a.monthly", period: ISODuration(months: 1), price: 1000),
                SubscriptionProduct(id: "a.monthly.plus", period: ISODuration(months: 1), price: 1200),
                SubscriptionProduct(id: "a.yearly", period: ISODuration(years: 1), price: 10000),
            ]),
        ])
        let store = try await CoreFixture(catalog: same)
        let ada = try await store.account()
        _ = try await store.buy(ada, "a.monthly")
        let id = try await store.subscription(ada).id
        let immediate = try await store.service.previewPlanChange(subscriptionID: id, toProductID: "a.monthly.plus")
        #expect(immediate.kind == .crossgrade && immediate.timing == .immediate)
        let later = try await store.service.previewPlanChange(subscriptionID: id, toProductID: "a.yearly")
        #expect(later.kind == .crossgrade && later.timing == .atRenewal(CoreFixture.date("2026-02-01T00:00:00Z")))
    }

    @Test func refundRevokesAtOnceAndBalancesTheLedger() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "pro.yearly")
        _ = try await store.buy(ada, "points.500")
        let outcome = try await store.service.refund(invoiceID: receipt.invoice.id, idempotencyKey: "r1")
        #expect(outcome.refund.total.minorUnits == -10000)
        #expect(outcome.original.status == .refunded)
        #expect(outcome.revokedSubscription?.state == .revoked)
        #expect(outcome.revokedSubscription?.revocationReason == .refunded)
        #expect(try await store.service.entitlements(accountID: ada.id).isEmpty)
        #expect(try await store.service.refund(invoiceID: receipt.invoice.id, idempotencyKey: "r1") == outcome)
        await #expect(throws: PaymentsError.nothingToRefund(invoiceID: receipt.invoice.id)) {
            _ = try await store.service.refund(invoiceID: receipt.invoice.id, idempotencyKey: nil)
        }
        let points = try #require(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery(status: .paid)).items.first)
        _ = try await store.service.refund(invoiceID: points.id, idempotencyKey: nil)
        #expect(try await store.service.account(ada.id).pointsBalance == 0)
        try await store.advance(days: 400)
        #expect(try await store.subscription(ada).state == .revoked)
        #expect(try await store.invariants() == [])
    }

    @Test func revokeWithoutRefundEndsAccess() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let id = try #require(try await store.buy(ada, "pro.monthly").subscription).id
        let revoked = try await store.service.revoke(subscriptionID: id, reason: .developerIssue)
        #expect(revoked.state == .revoked && revoked.revocationDate == CoreFixture.start)
        #expect(try await store.service.entitlements(accountID: ada.id).isEmpty)
    }

    @Test func monthlyRenewalsFromTheThirtyFirstClampThenReturn() async throws {
        let store = try await CoreFixture()
        store.clock.set(CoreFixture.date("2026-01-31T12:00:00Z"))
        let ada = try await store.account()
        _ = try await store.buy(ada, "max.monthly")
        store.clock.set(CoreFixture.date("2026-03-31T12:00:00Z"))
        try await store.service.runDueWork()
        let ends = try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.compactMap { $0.lines.first?.periodEnd }
        #expect(ends == [CoreFixture.date("2026-04-30T12:00:00Z"), CoreFixture.date("2026-03-31T12:00:00Z"),
                         CoreFixture.date("2026-02-28T12:00:00Z")])
    }

    @Test func alreadySubscribedMustChangePlanInstead() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let id = try #require(try await store.buy(ada, "pro.monthly").subscription).id
        await #expect(throws: PaymentsError.alreadySubscribed(subscriptionID: id)) { _ = try await store.buy(ada, "max.monthly") }
    }
}
