import Foundation
import Testing
@testable import PaymentsCore

/// Defects found in review, each pinned by the scenario that exposed it.
@Suite struct ReviewRegressionTests {
    @Test func aConsentedPriceDoesNotFollowAPlanChangeAndAnOpenConsentIsSuperseded() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let id = try #require(try await store.buy(ada, "pro.yearly").subscription).id
        let consent = try await store.service.requestPriceIncrease(subscriptionID: id, newPrice: 12000)
        _ = try await store.service.answerPriceIncrease(pendingID: consent.id, accept: true)
        _ = try await store.service.requestPriceIncrease(subscriptionID: id, newPrice: 13000)
        _ = try await store.service.changePlan(PlanChangeRequest(subscriptionID: id, toProductID: "max.yearly"))
        #expect(try await store.service.pendingActions(accountID: ada.id).isEmpty)
        let renewed = try await store.service.forceRenewal(subscriptionID: id)
        #expect(renewed.state == .subscribed && renewed.productID == "max.yearly")
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.first?.total.minorUnits == 30000)
    }

    /// A card sale is the merchant's, not an App Store receipt: the receipt endpoint refuses it for
    /// its buyer and for anyone else, and it credits nothing beyond the sale itself.
    @Test func aCardPurchasesReceiptCreditsNothingMoreAndBelongsToNobodyElse() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let bob = try await store.account("bob")
        let receipt = try await store.buy(ada, "points.500")
        let transaction = try #require(receipt.transaction)
        let refusal = PaymentsError.receipt(.invalidReceipt(
            "invalid certificate chain: chain does not lead to the trusted root CN=Kiosk Simulated Store Root CA,O=Kiosk Simulated Store"))
        for buyer in [ada, bob] {
            await #expect(throws: refusal) {
                _ = try await store.service.recordReceipt(ReceiptSubmission(userID: buyer.id, productID: "points.500",
                                                                            receipt: try transaction.jws))
            }
        }
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
        #expect(try await store.service.account(bob.id).pointsBalance == 0)
        #expect(try await store.invariants() == [])
    }

    @Test func anOfferCodeOnAFreeTrialDiscountsThePeriodsAfterIt() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "pro.monthly", code: "HALF")  // 1-week trial, HALF covers 2 periods
        #expect(receipt.invoice.total.minorUnits == 0)
        store.clock.set(CoreFixture.date("2026-03-09T00:00:00Z"))
        try await store.service.runDueWork()
        let totals = try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.map(\.total.minorUnits)
        #expect(totals == [1000, 500, 500, 0])
    }

    @Test func refundingAStorePurchaseWhosePointsNeverArrivedTakesNothingBack() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(droppedReceiptSubmissions: 10))
        guard case let .success(_, receipt) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "points.500")) else { Issue.record("no purchase"); return }
        _ = try await store.service.router.refund(invoiceID: receipt.invoice.id, idempotencyKey: nil)
        #expect(try await store.service.account(ada.id).pointsBalance == 0)
        // The device still holds the receipt and uploads it once the network works again; the
        // backend refuses it for good (the transaction is revoked), so it is not tried again.
        try await store.service.desk.updateStoreControls(StoreControls())
        store.clock.advance(by: 3_600)
        #expect(try await store.service.appStore.deliverReceipts() == ReceiptSyncReport(delivered: 0, failed: 1, waiting: 0))
        #expect(try await store.service.appStore.deliverReceipts() == ReceiptSyncReport())
        #expect(try await store.service.account(ada.id).pointsBalance == 0)
        #expect(try await store.invariants() == [])
    }

    @Test func currencyChangesWaitUntilNothingLiveIsPricedInTheOldOne() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly")
        await #expect(throws: PaymentsError.invalidInput(
            field: "currency", message: "change currency only without a live subscription or account balance")) {
            _ = try await store.service.setStorefront(accountID: ada.id, storefront: "JPN", currency: .jpy)
        }
        #expect(try await store.service.setStorefront(accountID: ada.id, storefront: "CAN", currency: .usd).storefront == "CAN")
    }

    @Test func aProductWithdrawnDuringBillingRetryEndsTheSubscriptionInsteadOfLooping() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: LifecycleTests.declining)
        _ = try await store.service.addPaymentMethod(accountID: ada.id, NewPaymentMethod(
            token: "tok_ok", brand: "visa", last4: "4242", expMonth: 12, expYear: 2035, behaviour: .succeeds, makeDefault: false))
        let methods = try await store.service.paymentMethods(accountID: ada.id)
        _ = try await store.service.purchase(PurchaseRequest(accountID: ada.id, productID: "max.monthly",
                                                             paymentMethodID: methods.first { $0.token == "tok_ok" }?.id))
        try await store.service.removePaymentMethod(try #require(methods.first { $0.token == "tok_ok" }).id)
        try await store.advance(days: 31)
        #expect(try await store.subscription(ada).state == .inGracePeriod)
        var withdrawn = CoreFixture.catalog
        withdrawn.plans.removeAll { $0.id == "max" }
        let reopened = try await store.reopen(catalog: withdrawn)
        store.moveClock(days: 1)
        try await reopened.runDueWork()  // the reopened store's scheduler, which knows of the withdrawal
        let subscription = try #require(try await reopened.subscriptions(accountID: ada.id).first)
        #expect(subscription.state == .expired && subscription.expirationReason == .productUnavailable)
        #expect(try await reopened.checkInvariants() == [])
    }
}
