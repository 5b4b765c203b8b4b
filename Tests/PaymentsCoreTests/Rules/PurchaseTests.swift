import Foundation
import Testing
@testable import PaymentsCore

@Suite struct PurchaseTests {
    @Test func trialThenConversionChargesFullPriceAndKeepsEntitlement() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        #expect(try await store.service.isEligibleForIntroOffer(accountID: ada.id))
        let receipt = try await store.buy(ada, "pro.monthly")
        #expect(receipt.introOfferApplied)
        #expect(receipt.invoice.total == Money(minorUnits: 0, currency: .usd))
        var subscription = try #require(receipt.subscription)
        #expect(subscription.periodType == .trial)
        #expect(subscription.currentPeriodEnd == CoreFixture.date("2026-01-08T00:00:00Z"))
        #expect(try await store.service.entitlements(accountID: ada.id).map(\.id) == ["premium"])
        #expect(try await store.service.isEligibleForIntroOffer(accountID: ada.id) == false)

        try await store.advance(days: 7)
        subscription = try await store.subscription(ada)
        #expect(subscription.periodType == .normal)
        #expect(subscription.state == .subscribed)
        #expect(subscription.currentPeriodStart == CoreFixture.date("2026-01-08T00:00:00Z"))
        #expect(subscription.currentPeriodEnd == CoreFixture.date("2026-02-08T00:00:00Z"))
        let invoices = try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items
        #expect(invoices.map(\.kind) == [.renewal, .subscriptionCreate])
        #expect(invoices.first?.total.minorUnits == 1000)
        // A trial is invoiced as the introductory offer's line; the first renewal at the price.
        #expect(invoices.map { $0.lines.first?.kind } == [.charge, .introOffer])
        let events = try await store.service.events(accountID: ada.id, after: nil, limit: 100).map(\.type)
        #expect(events.contains(.trialStarted) && events.contains(.trialConverted))
        #expect(try await store.invariants() == [])
    }

    @Test func introOfferOnlyOncePerGroup() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let first = try await store.buy(ada, "pro.monthly")
        _ = try await store.service.expire(subscriptionID: try #require(first.subscription).id)
        let second = try await store.buy(ada, "pro.monthly")
        #expect(second.introOfferApplied == false)
        #expect(second.invoice.total.minorUnits == 1000)
        #expect(second.subscription?.periodType == .normal)
    }

    @Test func payAsYouGoIntroCountsDownThenRegularPrice() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "max.monthly")
        #expect(receipt.invoice.total.minorUnits == 1500)
        try await store.advance(days: 31)
        #expect(try await store.subscription(ada).periodType == .intro)
        try await store.advance(days: 31)
        let subscription = try await store.subscription(ada)
        #expect(subscription.periodType == .normal)
        let totals = try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.map(\.total.minorUnits)
        #expect(totals == [3000, 1500, 1500])
    }

    @Test func payUpFrontIntroCoversItsWholePeriod() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "max.yearly")
        #expect(receipt.invoice.total.minorUnits == 9000)
        #expect(receipt.subscription?.currentPeriodEnd == CoreFixture.date("2026-07-01T00:00:00Z"))
        try await store.advance(days: 182)
        let subscription = try await store.subscription(ada)
        #expect(subscription.periodType == .normal)
        #expect(subscription.currentPeriodEnd == CoreFixture.date("2027-07-01T00:00:00Z"))
    }

    @Test func storefrontCurrencyPricesAndJapaneseYenHasNoMinorUnit() async throws {
        let store = try await CoreFixture()
        let kenji = try await store.service.createAccount(NewAccount(email: "k@example.jp", name: "Kenji", currency: .jpy))
        _ = try await store.service.addPaymentMethod(accountID: kenji.id, NewPaymentMethod(
            token: "tok_k", brand: "jcb", last4: "0000", expMonth: 1, expYear: 2030))
        let receipt = try await store.buy(kenji, "pro.yearly")
        #expect(receipt.invoice.total == Money(minorUnits: 15000, currency: .jpy))
        #expect(receipt.invoice.total.formatted(locale: Locale(identifier: "en_US")) == "¥15,000")
    }

    @Test func declinedPurchaseIsRecordedButGrantsNothing() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: .declines(DeclineReason(code: "insufficient_funds",
                                                                     message: "Your card has insufficient funds.")))
        let outcome = try await store.service.purchase(PurchaseRequest(accountID: ada.id, productID: "pro.yearly"))
        guard case let .declined(reason, invoice) = outcome else { Issue.record("expected a decline"); return }
        #expect(reason.code == "insufficient_funds")
        #expect(invoice.status == .void)
        #expect(invoice.failureCode == "insufficient_funds")
        #expect(try await store.service.entitlements(accountID: ada.id).isEmpty)
        #expect(try await store.service.subscriptions(accountID: ada.id).isEmpty)
        #expect(try await store.invariants() == [])
    }

    @Test func idempotencyKeyAppliesOnceAndReturnsTheFirstResult() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let first = try await store.buy(ada, "points.500", key: "checkout-1")
        let again = try await store.buy(ada, "points.500", key: "checkout-1")
        #expect(first == again)
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.count == 1)
        await #expect(throws: PaymentsError.idempotencyKeyReused("checkout-1")) {
            _ = try await store.buy(ada, "themes", key: "checkout-1")
        }
    }

    @Test func offerCodesDiscountValidateAndRedeemOnce() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let themes = try await store.buy(ada, "themes", code: "five")
        #expect(themes.invoice.total.minorUnits == 1000)
        #expect(themes.invoice.lines.map(\.kind) == [.charge, .discount])
        await #expect(throws: PaymentsError.invalidOfferCode(code: "FIVE", reason: .notApplicable)) {
            _ = try await store.buy(ada, "points.500", code: "FIVE")
        }
        await #expect(throws: PaymentsError.invalidOfferCode(code: "NOPE", reason: .unknown)) {
            _ = try await store.buy(ada, "points.500", code: "nope")
        }
        let yearly = try await store.buy(ada, "pro.yearly", code: "HALF")
        #expect(yearly.invoice.total.minorUnits == 5000)
        try await store.advance(days: 365)
        // HALF covers two periods: the renewal is discounted too, then it runs out.
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.first?.total.minorUnits == 5000)
        try await store.advance(days: 365)
        let totals = try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.map(\.total.minorUnits)
        #expect(totals == [10000, 5000, 5000, 1000])
        let bob = try await store.account("bob")
        await #expect(throws: PaymentsError.invalidOfferCode(code: "HALF", reason: .expired)) {
            _ = try await store.buy(bob, "points.500", code: "HALF")
        }
    }

    @Test func nonConsumableOnceAndPassesStack() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "themes")
        await #expect(throws: PaymentsError.alreadyOwned(productID: "themes")) { _ = try await store.buy(ada, "themes") }
        _ = try await store.buy(ada, "pass")
        try await store.advance(days: 30)
        _ = try await store.buy(ada, "pass")
        let pass = try #require(try await store.service.entitlements(accountID: ada.id).first { $0.id == "premium" })
        #expect(pass.expiresAt == CoreFixture.date("2026-07-01T00:00:00Z"))
        store.clock.set(CoreFixture.date("2026-07-01T00:00:00Z"))
        #expect(try await store.service.entitlements(accountID: ada.id).map(\.id) == ["themes"])
    }

    @Test func pointsWalletCreditsSpendsAndRefusesOverdraft() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "points.500")
        let spent = try await store.service.spendPoints(accountID: ada.id, points: 200, reason: "Export", idempotencyKey: "s1")
        #expect(spent.balanceAfter == 300)
        _ = try await store.service.spendPoints(accountID: ada.id, points: 200, reason: "Export", idempotencyKey: "s1")
        await #expect(throws: PaymentsError.insufficientPoints(balance: 300, requested: 400)) {
            _ = try await store.service.spendPoints(accountID: ada.id, points: 400, reason: "Big", idempotencyKey: nil)
        }
        let ledger = try await store.service.pointsLedger(accountID: ada.id, cursor: nil, limit: 10).items
        #expect(ledger.map(\.delta) == [-200, 500])
        // The entry a spend answers is the ledger's row, not the event that announced it.
        #expect(ledger.first?.id == spent.id)
        #expect(try await store.invariants() == [])
    }
}
