import Foundation
import Testing
@testable import PaymentsCore

/// Issue 41: the money on screen is the money charged. A refund returns what the balance paid to
/// the balance, and every preview equals the charge that follows it on the test clock.
@Suite struct BalanceAndPreviewTests {
    func balance(_ store: CoreFixture, _ account: Account) async throws -> Int64 {
        try await store.service.account(account.id).creditBalance
    }

    func latest(_ store: CoreFixture, _ account: Account) async throws -> Invoice {
        try #require(try await store.service.invoices(accountID: account.id, query: InvoiceQuery()).items.first)
    }

    /// Pro yearly, four months later an upgrade to Max monthly leaves part of the credit as
    /// balance; the renewals then take it from the balance before the card.
    func upgradedWithBalance(_ store: CoreFixture) async throws -> (Account, PlanChangePreview) {
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly")
        try await store.advance(days: 120)
        let subscription = try await store.subscription(ada)
        let preview = try await store.service.previewPlanChange(subscriptionID: subscription.id, toProductID: "max.monthly")
        guard case .changed = try await store.service.changePlan(PlanChangeRequest(subscriptionID: subscription.id,
                                                                                  toProductID: "max.monthly")) else {
            throw FixtureError.missing("an immediate upgrade")
        }
        return (ada, preview)
    }

    @Test func refundReturnsTheBalancePartToTheBalanceAndTheCardPartToTheCard() async throws {
        let store = try await CoreFixture()
        let (ada, upgrade) = try await upgradedWithBalance(store)
        let kept = try await balance(store, ada)
        #expect(kept == upgrade.balanceAfter.minorUnits)
        #expect(kept > 3000 && kept < 6000)  // more than one renewal, less than two
        try await store.advance(days: 31)    // the first renewal: the balance pays all of it
        #expect(try await latest(store, ada).total.minorUnits == 0)
        let left = try await balance(store, ada)
        #expect(left == kept - 3000)
        try await store.advance(days: 31)    // the second: the rest of the balance, then the card
        let renewal = try await latest(store, ada)
        #expect(renewal.total.minorUnits == 3000 - left)
        #expect(try await balance(store, ada) == 0)

        let outcome = try await store.service.refund(invoiceID: renewal.id, idempotencyKey: nil)
        #expect(outcome.refund.total.minorUnits == -(3000 - left))   // to the card
        #expect(try await balance(store, ada) == left)               // to the balance
        #expect(outcome.refund.lines.map(\.kind) == [.refund, .balanceCredit])
        #expect(outcome.refund.lines.map(\.amount.minorUnits) == [-3000, left])
        #expect(try await store.invariants() == [])
    }

    @Test func refundOfARenewalTheBalancePaidWhollyReturnsItToTheBalance() async throws {
        let store = try await CoreFixture()
        let (ada, _) = try await upgradedWithBalance(store)
        let kept = try await balance(store, ada)
        try await store.advance(days: 31)
        let renewal = try await latest(store, ada)
        #expect(renewal.total.minorUnits == 0)
        let outcome = try await store.service.refund(invoiceID: renewal.id, idempotencyKey: nil)
        #expect(outcome.refund.total.minorUnits == 0)
        #expect(try await balance(store, ada) == kept)
        #expect(try await store.invariants() == [])
    }

    @Test func upgradePreviewSaysWhatTheNextRenewalCharges() async throws {
        let store = try await CoreFixture()
        let (ada, upgrade) = try await upgradedWithBalance(store)
        #expect(upgrade.nextChargeAmount.minorUnits == 0)  // the balance pays the whole renewal
        try await store.advance(days: 31)
        #expect(try await latest(store, ada).total == upgrade.nextChargeAmount)
    }

    /// Issue 41, items 4 and 6: a change at renewal is previewed from the renewal's own terms
    /// (an offer still running, the balance), so the amount the screens show is the charge.
    @Test func scheduledSwitchChargesExactlyWhatItsPreviewSaid() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.monthly", code: "HALF")  // half off for two paid periods
        let subscription = try await store.subscription(ada)
        let preview = try await store.service.previewPlanChange(subscriptionID: subscription.id, toProductID: "pro.yearly")
        #expect(preview.timing == .atRenewal(subscription.currentPeriodEnd))
        #expect(preview.nextChargeDate == subscription.currentPeriodEnd)
        #expect(preview.nextChargeAmount.minorUnits == 5000)  // the offer applies to Yearly too, not the list 100.00
        guard case let .scheduled(scheduled) = try await store.service.changePlan(
            PlanChangeRequest(subscriptionID: subscription.id, toProductID: "pro.yearly")) else {
            Issue.record("not scheduled"); return
        }
        #expect(scheduled.pendingProductID == "pro.yearly" && scheduled.productID == "pro.monthly")
        // The same preview read back for the scheduled product (what every screen shows).
        #expect(try await store.service.previewPlanChange(subscriptionID: subscription.id, toProductID: "pro.yearly") == preview)
        try await store.advance(days: 8)
        let renewal = try await latest(store, ada)
        #expect(renewal.total == preview.nextChargeAmount)
        #expect(try await store.subscription(ada).productID == "pro.yearly")
        #expect(try await store.invariants() == [])
    }

    @Test func scheduledDowngradeTakesTheBalanceAsPreviewedAndCanBeUndone() async throws {
        let store = try await CoreFixture()
        let (ada, _) = try await upgradedWithBalance(store)  // Max monthly with a balance
        let id = try await store.subscription(ada).id
        let kept = try await balance(store, ada)
        let preview = try await store.service.previewPlanChange(subscriptionID: id, toProductID: "pro.monthly")
        #expect(preview.kind == .downgrade)
        #expect(preview.nextChargeAmount.minorUnits == max(1000 - kept, 0))
        _ = try await store.service.changePlan(PlanChangeRequest(subscriptionID: id, toProductID: "pro.monthly"))
        // Undone: choosing the current product withdraws it, and the renewal stays on Max.
        _ = try await store.service.changePlan(PlanChangeRequest(subscriptionID: id, toProductID: "max.monthly"))
        #expect(try await store.subscription(ada).pendingProductID == nil)
        _ = try await store.service.changePlan(PlanChangeRequest(subscriptionID: id, toProductID: "pro.monthly"))
        try await store.advance(days: 31)
        #expect(try await latest(store, ada).total == preview.nextChargeAmount)
        #expect(try await store.subscription(ada).productID == "pro.monthly")
        #expect(try await balance(store, ada) == max(kept - 1000, 0))
        #expect(try await store.invariants() == [])
    }

    /// Several plan changes and refunds on the test clock: each preview's charge now is the
    /// invoice that follows, its next charge the renewal that follows, and no refund loses balance.
    @Test func everyPreviewEqualsTheChargeThatFollowsIt() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.monthly")      // a week's free trial
        try await store.advance(days: 8)                 // the first paid month
        let steps: [(days: Int, to: String)] = [(10, "max.monthly"), (45, "pro.monthly"), (20, "max.yearly"),
                                                (100, "max.monthly")]
        for step in steps {
            try await store.advance(days: step.days)
            let subscription = try await store.subscription(ada)
            let before = try await balance(store, ada)
            let preview = try await store.service.previewPlanChange(subscriptionID: subscription.id, toProductID: step.to)
            let outcome = try await store.service.changePlan(PlanChangeRequest(subscriptionID: subscription.id, toProductID: step.to))
            switch outcome {
            case let .changed(_, invoice):
                #expect(invoice.total == preview.chargeNow, "\(step.to): charged \(invoice.total), previewed \(preview.chargeNow)")
                #expect(try await balance(store, ada) == preview.balanceAfter.minorUnits)
            case .scheduled:
                #expect(try await balance(store, ada) == before)
            case let .declined(reason, _):
                Issue.record("declined: \(reason)")
            }
            let renewsAt = try await store.subscription(ada).currentPeriodEnd
            let renewal = preview.nextChargeAmount
            let days = Int((renewsAt.timeIntervalSince(store.clock.now) / 86_400).rounded(.up))
            try await store.advance(days: days)
            let charged = try await latest(store, ada)
            #expect(charged.kind == .renewal)
            #expect(charged.total == renewal, "renewal after \(step.to): charged \(charged.total), previewed \(renewal)")
            // Refunding the renewal gives back exactly what it took, card and balance.
            let beforeRefund = try await balance(store, ada)
            if charged.total.minorUnits > 0 || charged.lines.contains(where: { $0.kind == .appliedBalance }) {
                let refunded = try await store.service.refund(invoiceID: charged.id, idempotencyKey: nil)
                let fromBalance = charged.lines.filter { $0.kind == .appliedBalance }.reduce(0) { $0 - $1.amount.minorUnits }
                #expect(refunded.refund.total == charged.total.negated)
                #expect(try await balance(store, ada) == beforeRefund + fromBalance)
                _ = try await store.buy(ada, step.to)
            }
            #expect(try await store.invariants() == [])
        }
    }

    /// Issue 41, item 7: refunding an upgrade's invoice ends the new plan now and pays back all
    /// that paid for it where it came from: the card part to the card, and the credit for the old
    /// plan's unused time (money of the earlier, still-paid period) to the balance.
    @Test func refundOfAnUpgradeReturnsTheCardPartAndTheUnusedTimeCredit() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.monthly")   // a week's free trial
        try await store.advance(days: 8)              // the first paid month
        try await store.advance(days: 10)
        let id = try await store.subscription(ada).id
        let preview = try await store.service.previewPlanChange(subscriptionID: id, toProductID: "max.monthly")
        guard case let .changed(_, upgrade) = try await store.service.changePlan(
            PlanChangeRequest(subscriptionID: id, toProductID: "max.monthly")) else {
            Issue.record("not upgraded"); return
        }
        #expect(upgrade.total == preview.chargeNow && preview.creditForUnusedTime.minorUnits > 0)
        let terms = try RefundTerms(refunding: upgrade)
        #expect(terms.toCard == preview.chargeNow)
        #expect(terms.toBalance == preview.creditForUnusedTime)
        #expect(terms.paidBack == preview.newPrice)
        let outcome = try await store.service.refund(invoiceID: upgrade.id, idempotencyKey: nil)
        #expect(outcome.refund.total == terms.toCard.negated)
        #expect(try await balance(store, ada) == terms.toBalance.minorUnits)
        #expect(outcome.revokedSubscription?.state == .revoked)
        #expect(try await store.invariants() == [])
    }

    /// The credit beyond the new price was kept as balance already; the refund returns the rest
    /// of it, so the balance ends at the whole unused time of the old plan. Before, such an
    /// invoice (total 0, nothing from the balance) could not be refunded at all.
    @Test func refundOfAnUpgradeTheCreditPaidWhollyReturnsThePriceToTheBalance() async throws {
        let store = try await CoreFixture()
        let (ada, upgrade) = try await upgradedWithBalance(store)
        let invoice = try await latest(store, ada)
        #expect(invoice.kind == .planChange && invoice.total.minorUnits == 0)
        let terms = try RefundTerms(refunding: invoice)
        #expect(terms.toCard.minorUnits == 0 && terms.toBalance == upgrade.newPrice)
        _ = try await store.service.refund(invoiceID: invoice.id, idempotencyKey: nil)
        #expect(try await balance(store, ada) == upgrade.creditForUnusedTime.minorUnits)
        #expect(try await store.subscription(ada).state == .revoked)
        #expect(try await store.invariants() == [])
    }
}
