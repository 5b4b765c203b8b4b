import Foundation
import Testing
@testable import PaymentsCore

@Suite struct RestorePurchasesTests {
    @Test func restoresActiveSubscriptionsNonConsumablesAndRunningPassesButNotConsumables() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let trial = try await store.buy(ada, "pro.monthly")
        let themes = try await store.buy(ada, "themes")
        let pass = try await store.buy(ada, "pass")
        _ = try await store.buy(ada, "points.500")
        let restored = try await store.service.restorePurchases(accountID: ada.id, includeInactive: false)
        let subscription = try #require(restored.subscriptions.first)
        #expect(restored.subscriptions.count == 1)
        #expect(subscription.id == trial.subscription?.id && subscription.planID == "pro" && subscription.productID == "pro.monthly")
        #expect(subscription.storeStatus == .inTrial && subscription.hasAccess && !subscription.hasBillingIssue)
        #expect(subscription.expiresAt == CoreFixture.date("2026-01-08T00:00:00Z"))
        #expect(restored.nonConsumables.map(\.productID) == ["themes"])
        #expect(restored.nonConsumables.first?.transactionID == themes.transaction?.payload.transactionId)
        #expect(restored.passes.map(\.productID) == ["pass"] && restored.passes.first?.isActive == true)
        #expect(restored.passes.first?.expiresAt == CoreFixture.date("2026-04-01T00:00:00Z"))
        #expect(restored.passes.first?.transactionID == pass.transaction?.payload.transactionId)
        #expect(restored.restoredAt == CoreFixture.start)
    }

    @Test func paidPeriodIsActiveAndStoreStatusFollowsTheTrial() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.monthly")
        try await store.advance(days: 8)  // the trial converts
        let restored = try await store.service.restorePurchases(accountID: ada.id, includeInactive: false)
        #expect(restored.subscriptions.map(\.storeStatus) == [.active])
        #expect(restored.subscriptions.map(\.renewalState) == [.subscribed])
    }

    @Test func nothingEverBoughtIsNoReceipt() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        await #expect(throws: PaymentsError.restore(.noReceipt)) {
            _ = try await store.service.restorePurchases(accountID: ada.id, includeInactive: true)
        }
        await #expect(throws: PaymentsError.accountNotFound("acct_999999")) {
            _ = try await store.service.restorePurchases(accountID: "acct_999999", includeInactive: true)
        }
    }

    @Test func onlyConsumablesIsNoPurchasesToRestore() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "points.500")
        await #expect(throws: PaymentsError.restore(.noPurchasesToRestore)) {
            _ = try await store.service.restorePurchases(accountID: ada.id, includeInactive: true)
        }
    }

    @Test func onlyInactivePurchasesAreListedWhenAskedForAndOtherwiseNoProductsToRestore() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let subscription = try #require(try await store.buy(ada, "pro.yearly").subscription)
        let themes = try await store.buy(ada, "themes")
        _ = try await store.buy(ada, "pass")
        _ = try await store.service.expire(subscriptionID: subscription.id)
        _ = try await store.service.refund(invoiceID: themes.invoice.id, idempotencyKey: nil)
        try await store.advance(days: 100)  // the pass ends
        await #expect(throws: PaymentsError.restore(.noProductsToRestore)) {
            _ = try await store.service.restorePurchases(accountID: ada.id, includeInactive: false)
        }
        let all = try await store.service.restorePurchases(accountID: ada.id, includeInactive: true)
        #expect(all.subscriptions.map(\.storeStatus) == [.cancelled])
        #expect(all.subscriptions.map(\.hasAccess) == [false])
        #expect(all.nonConsumables.map(\.isActive) == [false])
        #expect(all.passes.map(\.isActive) == [false])
    }

    @Test func revokedSubscriptionIsCancelled() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let subscription = try #require(try await store.buy(ada, "pro.yearly").subscription)
        _ = try await store.service.revoke(subscriptionID: subscription.id, reason: .developerIssue)
        let all = try await store.service.restorePurchases(accountID: ada.id, includeInactive: true)
        #expect(all.subscriptions.map(\.storeStatus) == [.cancelled])
        #expect(all.subscriptions.map(\.renewalState) == [.revoked])
    }

    @Test func graceAndBillingRetryAreActiveWithABillingIssue() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        _ = try await CustomerViewsTestSupport.storeBuy(store, ada, "pro.yearly")
        try await store.service.desk.updateStoreControls(StoreControls(renewalsFail: true))
        try await store.advance(days: 365)
        let grace = try #require(try await store.service.restorePurchases(accountID: ada.id, includeInactive: false)
            .subscriptions.first)
        #expect(grace.renewalState == .inGracePeriod && grace.storeStatus == .active)
        #expect(grace.hasBillingIssue && grace.hasAccess)
        #expect(grace.expiresAt == CoreFixture.date("2027-01-17T00:00:00Z"))
        try await store.advance(days: 17)
        let retry = try #require(try await store.service.restorePurchases(accountID: ada.id, includeInactive: false)
            .subscriptions.first)
        #expect(retry.renewalState == .inBillingRetryPeriod && retry.storeStatus == .active)
        #expect(retry.hasBillingIssue && !retry.hasAccess)
    }

    @Test func restoreFaultIsAServiceErrorAndCountsDown() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "themes")
        try await store.service.desk.updateStoreControls(StoreControls(faults: [
            StoreFault(operation: .restore, error: .networkError, remaining: 1)]))
        await #expect(throws: PaymentsError.restore(.serviceError(.networkError))) {
            _ = try await store.service.restorePurchases(accountID: ada.id, includeInactive: false)
        }
        #expect(try await store.service.storeControls().faults.isEmpty)
        #expect(try await store.service.restorePurchases(accountID: ada.id, includeInactive: false).nonConsumables.count == 1)
        #expect(RestoreError.serviceError(.networkError).userMessage == StoreError.networkError.userMessage)
    }

    @Test func aTransactionThatDoesNotVerifyIsInvalidReceiptData() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "themes")
        try await CustomerViewsTestSupport.tamperTransactions(store, accountID: ada.id)
        await #expect(throws: PaymentsError.restore(.invalidReceiptData(productID: "themes"))) {
            _ = try await store.service.restorePurchases(accountID: ada.id, includeInactive: false)
        }
        #expect(RestoreError.invalidReceiptData(productID: "themes").userMessage
                == "The purchase record for themes could not be verified.")
    }
}
