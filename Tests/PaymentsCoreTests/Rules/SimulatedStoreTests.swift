import Foundation
import Testing
@testable import PaymentsCore
import Simulators

@Suite struct SimulatedStoreTests {
    func storeBuy(_ store: CoreFixture, _ account: Account, _ product: String) async throws -> (SignedTransaction, PurchaseReceipt) {
        guard case let .success(transaction, receipt) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: account.id, productID: product)) else { throw FixtureError.missing("success") }
        return (transaction, receipt)
    }

    @Test func storePurchaseReturnsAVerifiedTransactionAndRenewalsKeepTheOriginalID() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let token = UUID()
        guard case let .success(transaction, receipt) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "pro.yearly", appAccountToken: token)) else {
            Issue.record("not a success"); return
        }
        #expect(receipt.invoice.paymentMethod == Invoicing.storeSummary)
        guard case let .verified(payload) = try await store.service.verifyTransaction(transaction.jws) else {
            Issue.record("did not verify"); return
        }
        #expect(payload == transaction.payload)
        #expect(payload.productId == "pro.yearly" && payload.type == .autoRenewableSubscription)
        // $100.00 in Apple's milliunits.
        #expect(payload.appAccountToken == token && payload.price == 100_000 && payload.currency == "USD")
        #expect(payload.expiresDate == CoreFixture.date("2027-01-01T00:00:00Z"))
        #expect(payload.environment == .sandbox && payload.bundleId == "dev.kiosk.store")
        #expect(payload.transactionReason == .purchase && payload.webOrderLineItemId != nil)
        #expect(payload.appTransactionId == ada.id)
        try await store.advance(days: 365)
        let history = try await store.service.transactions(accountID: ada.id, limit: 10)
        #expect(history.count == 2)
        #expect(history.first?.payload.transactionReason == .renewal)
        #expect(Set(history.compactMap(\.payload.webOrderLineItemId)).count == 2)
        #expect(history.map(\.payload.originalTransactionId) == [payload.transactionId, payload.transactionId])
        #expect(history.first?.payload.expiresDate == CoreFixture.date("2028-01-01T00:00:00Z"))
        var tampered = Array(try transaction.jws)
        tampered[tampered.count / 2] = tampered[tampered.count / 2] == "A" ? "B" : "A"
        guard case .unverified = try await store.service.verifyTransaction(String(tampered)) else {
            Issue.record("tampered JWS verified"); return
        }
        #expect(try await store.invariants() == [])
    }

    @Test func askToBuyWaitsForApprovalOrDecline() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(askToBuy: true))
        guard case let .pending(action) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "themes")) else { Issue.record("not pending"); return }
        #expect(action.kind == .askToBuy)
        #expect(try await store.service.entitlements(accountID: ada.id).isEmpty)
        let appStore = SimulatedAppStore(beside: store.service)
        // The sheet holds the request, not the merchant.
        #expect(try await appStore.pendingActions(accountID: ada.id) == [action])
        #expect(try await store.service.pendingActions(accountID: ada.id).isEmpty)
        let grace = try await store.account("grace", card: nil)
        #expect(try await appStore.pendingPurchaseStatus(pendingID: action.id, accountID: ada.id) == .waiting)
        await #expect(throws: PaymentsError.pendingActionNotFound(action.id)) {
            _ = try await appStore.pendingPurchaseStatus(pendingID: action.id, accountID: grace.id)
        }
        guard case .success = try await store.service.appStore.approvePurchase(pendingID: action.id) else {
            Issue.record("approval did not purchase"); return
        }
        #expect(try await appStore.pendingPurchaseStatus(pendingID: action.id, accountID: ada.id) == .approved)
        #expect(try await store.service.entitlements(accountID: ada.id).map(\.id) == ["themes"])
        guard case let .pending(second) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "points.500")) else { Issue.record("not pending"); return }
        try await store.service.appStore.declinePurchase(pendingID: second.id)
        #expect(try await appStore.pendingPurchaseStatus(pendingID: second.id, accountID: ada.id) == .declined)
        #expect(try await store.service.account(ada.id).pointsBalance == 0)
        #expect(try await appStore.pendingActions(accountID: ada.id).isEmpty)
        await #expect(throws: PaymentsError.pendingActionNotFound(second.id)) {
            _ = try await store.service.appStore.approvePurchase(pendingID: second.id)
        }
    }

    @Test func interruptedPurchaseCompletesWhenResolved() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(interruptedPurchases: true))
        guard case let .pending(action) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "points.500")) else { Issue.record("not pending"); return }
        #expect(action.kind == .interruptedPurchase)
        _ = try await store.service.appStore.approvePurchase(pendingID: action.id)
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
    }

    @Test func faultsFailTheNextCallsThenClear() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(faults: [
            StoreFault(operation: .purchase, error: .networkError, remaining: 2),
            StoreFault(operation: .loadProducts, error: .systemError),
        ]))
        for _ in 0..<2 {
            await #expect(throws: PaymentsError.store(.networkError)) { _ = try await storeBuy(store, ada, "points.500") }
        }
        _ = try await storeBuy(store, ada, "points.500")
        for _ in 0..<3 {
            await #expect(throws: PaymentsError.store(.systemError)) { _ = try await store.service.catalog() }
        }
        #expect(try await store.service.storeControls().faults.map(\.operation) == [.loadProducts])
        try await store.service.desk.updateStoreControls(StoreControls(faults: [
            StoreFault(operation: .purchase, error: .userCancelled, remaining: 1)]))
        #expect(try await store.service.appStore.storePurchase(StorePurchaseRequest(accountID: ada.id, productID: "themes")) == .userCancelled)
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
        try await store.service.resetStore()
        #expect(try await store.service.storeControls() == StoreControls())
    }

    @Test func renewalsFailControlSendsStoreSubscriptionsIntoGrace() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        _ = try await storeBuy(store, ada, "pro.yearly")
        try await store.service.desk.updateStoreControls(StoreControls(renewalsFail: true))
        try await store.advance(days: 365)
        let subscription = try await store.subscription(ada)
        #expect(subscription.state == .inGracePeriod)
        try await store.service.desk.updateStoreControls(StoreControls())
        try await store.advance(days: 1)
        #expect(try await store.subscription(ada).state == .subscribed)
        #expect(try await store.invariants() == [])
    }

    @Test func stripeTestCardsThroughTheCore() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        await #expect(throws: PaymentsError.cardRejected(field: "number", message: "Your card number is incorrect.")) {
            _ = try await store.service.addCard(accountID: ada.id, card: CardDetails(
                number: "4242424242424241", expiryMonth: 12, expiryYear: 2030, cvc: "123"), makeDefault: true)
        }
        await #expect(throws: PaymentsError.cardDeclined(DeclineReason(code: "insufficient_funds",
                                                                       message: "Your card has insufficient funds."))) {
            _ = try await store.service.addCard(accountID: ada.id, card: CardDetails(
                number: "4000000000009995", expiryMonth: 12, expiryYear: 2030, cvc: "123"), makeDefault: true)
        }
        let failing = try await store.service.addCard(accountID: ada.id, card: CardDetails(
            number: "4000000000000341", expiryMonth: 12, expiryYear: 2030, cvc: "123"), makeDefault: true)
        #expect(failing.last4 == "0341" && failing.token.hasPrefix("tok_") && !failing.token.contains("4000000000000341"))
        guard case .declined = try await store.service.purchase(PurchaseRequest(accountID: ada.id, productID: "themes")) else {
            Issue.record("0341 charged"); return
        }
        let visa = try await store.service.addCard(accountID: ada.id, card: CardDetails(
            number: "4242 4242 4242 4242", expiryMonth: 12, expiryYear: 2030, cvc: "123"), makeDefault: true)
        #expect(visa.brand == "Visa" && visa.isDefault)
        guard case .purchased = try await store.service.purchase(PurchaseRequest(accountID: ada.id, productID: "themes")) else {
            Issue.record("4242 declined"); return
        }
        let methods = try await store.service.paymentMethods(accountID: ada.id)
        #expect(String(describing: methods).contains("4242424242424242") == false)
    }

    @Test func threeDSecureChallengeApproveOrFail() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        _ = try await store.service.addCard(accountID: ada.id, card: CardDetails(
            number: "4000002500003155", expiryMonth: 12, expiryYear: 2030, cvc: "123"), makeDefault: true)
        guard case let .requiresAction(challenge) = try await store.service.purchase(
            PurchaseRequest(accountID: ada.id, productID: "pro.yearly")) else { Issue.record("no challenge"); return }
        #expect(challenge.kind == .threeDSecure)
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.isEmpty)
        guard case .purchased = try await store.service.completeAuthentication(pendingID: challenge.id, approved: true) else {
            Issue.record("approved challenge did not purchase"); return
        }
        try await store.advance(days: 365)  // off-session renewal after setup succeeds
        #expect(try await store.subscription(ada).state == .subscribed)
        guard case let .requiresAction(second) = try await store.service.purchase(
            PurchaseRequest(accountID: ada.id, productID: "themes")) else { Issue.record("no challenge"); return }
        guard case let .declined(reason, invoice) = try await store.service.completeAuthentication(pendingID: second.id, approved: false) else {
            Issue.record("failed challenge charged"); return
        }
        #expect(reason.code == DeclineCode.authenticationFailed.stripeCode)
        #expect(invoice.status == .void && invoice.total.minorUnits == 1500)
        // The invoice names the product, never its catalog id (issue 41, item 12).
        #expect(invoice.description == "Payment for Themes")
        #expect(try await store.invariants() == [])
    }

    /// A 3-D Secure answer is given once: the same answer again (a retry after a lost reply)
    /// returns the first outcome without charging again, and a different answer is refused.
    @Test func aRepeatedThreeDSecureAnswerReturnsTheFirstOutcome() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        _ = try await store.service.addCard(accountID: ada.id, card: CardDetails(
            number: "4000002500003155", expiryMonth: 12, expiryYear: 2030, cvc: "123"), makeDefault: true)
        guard case let .requiresAction(challenge) = try await store.service.purchase(
            PurchaseRequest(accountID: ada.id, productID: "themes")) else { Issue.record("no challenge"); return }
        guard case let .purchased(first) = try await store.service.completeAuthentication(pendingID: challenge.id,
                                                                                        approved: true),
              case let .purchased(again) = try await store.service.completeAuthentication(pendingID: challenge.id,
                                                                                        approved: true) else {
            Issue.record("the approved challenge did not purchase, or its retry did not")
            return
        }
        #expect(again.invoice.id == first.invoice.id)
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.count == 1)
        await #expect(throws: PaymentsError.idempotencyKeyReused("authentication:\(challenge.id)")) {
            _ = try await store.service.completeAuthentication(pendingID: challenge.id, approved: false)
        }
        #expect(try await store.invariants() == [])
    }

    @Test func priceIncreaseAcceptedChargesTheNewPriceDeclinedOrIgnoredExpires() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let bob = try await store.account("bob")
        let cy = try await store.account("cy")
        for account in [ada, bob, cy] { _ = try await store.buy(account, "pro.yearly") }
        let accept = try await store.service.requestPriceIncrease(subscriptionID: store.subscription(ada).id, newPrice: 12000)
        let decline = try await store.service.requestPriceIncrease(subscriptionID: store.subscription(bob).id, newPrice: 12000)
        _ = try await store.service.requestPriceIncrease(subscriptionID: store.subscription(cy).id, newPrice: 12000)
        #expect(try await store.service.pendingActions(accountID: nil).count == 3)
        _ = try await store.service.answerPriceIncrease(pendingID: accept.id, accept: true)
        _ = try await store.service.answerPriceIncrease(pendingID: decline.id, accept: false)
        try await store.advance(days: 365)
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.first?.total.minorUnits == 12000)
        for account in [bob, cy] {
            let subscription = try await store.subscription(account)
            #expect(subscription.state == .expired && subscription.expirationReason == .didNotConsentToPriceIncrease)
        }
        #expect(try await store.service.pendingActions(accountID: nil).isEmpty)
    }

    @Test func forceRenewalChargesNowAndStartsANewPeriod() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.monthly")  // trial
        try await store.advance(days: 2)
        let renewed = try await store.service.forceRenewal(subscriptionID: store.subscription(ada).id)
        #expect(renewed.periodType == .normal)
        #expect(renewed.currentPeriodStart == CoreFixture.date("2026-01-03T00:00:00Z"))
        #expect(renewed.currentPeriodEnd == CoreFixture.date("2026-02-03T00:00:00Z"))
    }

    @Test(CoreTestStorage.sqliteFiles) func snapshotsBranchTheWholeStore() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "points.500")
        try await store.service.saveSnapshot(named: "before-themes")
        _ = try await store.buy(ada, "themes")
        #expect(try await store.service.entitlements(accountID: ada.id).map(\.id) == ["themes"])
        try await store.service.restoreSnapshot(named: "before-themes")
        #expect(try await store.service.entitlements(accountID: ada.id).isEmpty)
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
        #expect(try await store.service.snapshots() == ["before-themes"])
        await #expect(throws: PaymentsError.snapshotNotFound("nope")) { try await store.service.restoreSnapshot(named: "nope") }
        await #expect(throws: PaymentsError.invalidInput(field: "snapshot", message: "use 1 to 64 letters, digits, '-', '_' or '.'")) {
            try await store.service.saveSnapshot(named: "../escape")
        }
    }

    @Test func refundRevokesTheSignedTransactionAndClearingStartsOver() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "themes")
        _ = try await store.service.refund(invoiceID: receipt.invoice.id, idempotencyKey: nil)
        let revoked = try #require(try await store.service.transactions(accountID: ada.id, limit: 5).first)
        #expect(revoked.payload.revocationDate == CoreFixture.start && revoked.payload.revocationReason == .other)
        guard case let .verified(payload) = try await store.service.verifyTransaction(revoked.jws) else {
            Issue.record("re-signed revocation does not verify"); return
        }
        #expect(payload.revocationDate != nil)
        try await store.service.clearAllTransactions()
        #expect(try await store.service.transactions(accountID: ada.id, limit: 5).isEmpty)
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.isEmpty)
        _ = try await store.buy(ada, "themes")
        #expect(try await store.invariants() == [])
    }

    @Test func anUpgradeMarksThePreviousTransactionUpgradedAndSignsItAgain() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly")
        let id = try await store.subscription(ada).id
        let before = try #require(try await store.service.transactions(accountID: ada.id, limit: 5).first)
        #expect(before.payload.isUpgraded == nil)
        guard case .changed = try await store.service.changePlan(PlanChangeRequest(subscriptionID: id, toProductID: "max.yearly"))
        else { Issue.record("not changed"); return }
        let history = try await store.service.transactions(accountID: ada.id, limit: 5)
        #expect(history.map(\.payload.productId) == ["max.yearly", "pro.yearly"])
        #expect(history.map(\.payload.isUpgraded) == [nil, true])
        guard case let .verified(upgraded) = try await store.service.verifyTransaction(history[1].jws) else {
            Issue.record("the re-signed transaction did not verify"); return
        }
        #expect(upgraded.isUpgraded == true && upgraded.transactionId == before.payload.transactionId)
        #expect(try await store.invariants() == [])
    }

    @Test func storefrontAndCurrencyChangePrices() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let moved = try await store.service.setStorefront(accountID: ada.id, storefront: "jpn", currency: .jpy)
        #expect(moved.storefront == "JPN" && moved.currency == .jpy)
        let (transaction, _) = try await storeBuy(store, ada, "themes")
        #expect(transaction.payload.price == 2_200_000 && transaction.payload.currency == "JPY")
        #expect(transaction.payload.storefront == "JPN" && transaction.payload.storefrontId == "143462")
        await #expect(throws: PaymentsError.invalidInput(field: "currency", message: "the store does not sell in GBP")) {
            _ = try await store.service.setStorefront(accountID: ada.id, storefront: "GBR", currency: .gbp)
        }
    }
}
