import Foundation
import Testing
@testable import PaymentsCore

@Suite struct CustomerInfoTests {
    @Test func trialOnACardIsAnActiveStripeEntitlementThatWillRenew() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let subscription = try #require(try await store.buy(ada, "pro.monthly").subscription)
        try await store.advance(days: 2)
        let info = try await store.service.customerInfo(accountID: ada.id)
        #expect(info.originalAppUserId == ada.id)
        #expect(info.firstSeen == CoreFixture.start)
        #expect(info.requestDate == CoreFixture.date("2026-01-03T00:00:00Z"))
        let premium = try #require(info.entitlements.active["premium"])
        #expect(premium.identifier == "premium" && premium.isActive && premium.willRenew)
        #expect(premium.periodType == .trial && premium.store == .stripe && premium.productIdentifier == "pro.monthly")
        #expect(premium.latestPurchaseDate == subscription.currentPeriodStart)
        #expect(premium.originalPurchaseDate == CoreFixture.start)
        #expect(premium.expirationDate == CoreFixture.date("2026-01-08T00:00:00Z"))
        #expect(premium.unsubscribeDetectedAt == nil && premium.billingIssueDetectedAt == nil)
        #expect(info.activeSubscriptions == ["pro.monthly"])
        #expect(info.allPurchasedProductIdentifiers == ["pro.monthly"])
        #expect(info.managementURL == CustomerInfo.subscriptionManagementURL)
        #expect(info.nonSubscriptionTransactions.isEmpty)
    }

    /// The overview reads less (no consumables, products from indexes) but must say the same.
    @Test func theOverviewSaysWhatTheCustomerInfoSays() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let subscription = try #require(try await store.buy(ada, "pro.yearly").subscription)
        _ = try await store.service.changePlan(PlanChangeRequest(subscriptionID: subscription.id, toProductID: "max.yearly"))
        for product in ["points.500", "points.500", "points.500", "themes", "pass", "pass"] {
            _ = try await store.buy(ada, product)
        }
        try await store.advance(days: 40)
        let info = try await store.service.customerInfo(accountID: ada.id)
        let overview = try await store.service.customerOverview(accountID: ada.id)
        #expect(overview.account == (try await store.service.account(ada.id)))
        #expect(overview.requestDate == info.requestDate && overview.plan == info.plan)
        #expect(overview.entitlements == info.entitlements && Set(info.entitlements.all.keys) == ["premium", "themes"])
        #expect(overview.activeSubscriptions == info.activeSubscriptions)
        #expect(overview.allPurchasedProductIdentifiers == info.allPurchasedProductIdentifiers)
                #expect(overview.allPurchasedProductIdentifiers == ["max.yearly", "pass", "points.500", "pro.yearly", "themes"])
        #expect(overview.managementURL == info.managementURL)
        #expect(info.nonSubscriptionTransactions.count == 6)
        await #expect(throws: PaymentsError.accountNotFound("acct_missing")) {
            try await store.service.customerOverview(accountID: "acct_missing")
        }
    }

    @Test func storeBilledSubscriptionIsAppStoreAndCancellingStopsRenewal() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let receipt = try await CustomerViewsTestSupport.storeBuy(store, ada, "pro.yearly")
        let subscription = try #require(receipt.subscription)
        try await store.advance(days: 10)
        _ = try await store.service.router.cancelAtPeriodEnd(subscriptionID: subscription.id, reason: nil)
        let premium = try #require(try await store.service.customerInfo(accountID: ada.id).entitlements["premium"])
        #expect(premium.store == .appStore && premium.periodType == .normal)
        #expect(premium.isActive && !premium.willRenew)
        #expect(premium.unsubscribeDetectedAt == CoreFixture.date("2026-01-11T00:00:00Z"))
    }

    @Test func billingIssueKeepsAccessInGraceThenLosesItInRetry() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly")
        try await store.service.desk.updateStoreControls(StoreControls(renewalsFail: true))
        try await store.advance(days: 365)
        let grace = try await store.service.customerInfo(accountID: ada.id)
        let inGrace = try #require(grace.entitlements.active["premium"])
        #expect(!inGrace.willRenew)
        #expect(inGrace.billingIssueDetectedAt == CoreFixture.date("2027-01-01T00:00:00Z"))
        #expect(inGrace.expirationDate == CoreFixture.date("2027-01-17T00:00:00Z"))
        try await store.advance(days: 17)
        let retry = try await store.service.customerInfo(accountID: ada.id)
        #expect(retry.entitlements.active.isEmpty)
        #expect(retry.entitlements["premium"]?.isActive == false)
        #expect(retry.activeSubscriptions.isEmpty)
        #expect(retry.managementURL == CustomerInfo.subscriptionManagementURL)
    }

    @Test func oneTimePurchasesAreNonSubscriptionTransactionsAndPassesArePrepaid() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let points = try await store.buy(ada, "points.500")
        let themes = try await store.buy(ada, "themes")
        try await store.advance(days: 1)
        _ = try await store.buy(ada, "pass")
        let info = try await store.service.customerInfo(accountID: ada.id)
        #expect(info.nonSubscriptionTransactions.map(\.productIdentifier) == ["points.500", "themes", "pass"])
        #expect(info.nonSubscriptionTransactions.first?.storeTransactionIdentifier == points.transaction?.payload.transactionId)
        #expect(info.nonSubscriptionTransactions.map(\.purchaseDate).last == CoreFixture.date("2026-01-02T00:00:00Z"))
        #expect(info.allPurchasedProductIdentifiers == ["pass", "points.500", "themes"])
        let lifetime = try #require(info.entitlements.active["themes"])
        #expect(lifetime.expirationDate == nil && lifetime.periodType == .normal && !lifetime.willRenew)
        #expect(lifetime.latestPurchaseDate == themes.invoice.createdAt)
        let pass = try #require(info.entitlements.active["premium"])
        #expect(pass.periodType == .prepaid && pass.productIdentifier == "pass")
        #expect(pass.expirationDate == CoreFixture.date("2026-04-02T00:00:00Z"))
        #expect(info.activeSubscriptions.isEmpty && info.managementURL == nil)
    }

    @Test func theLongestLastingSourceOfAnEntitlementWins() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.monthly")  // trial to Jan 8
        _ = try await store.buy(ada, "pass")          // to Apr 1
        let info = try await store.service.customerInfo(accountID: ada.id)
        #expect(info.entitlements["premium"]?.productIdentifier == "pass")
        #expect(info.activeSubscriptions == ["pro.monthly"])
    }

    @Test func endedAccessStaysInAllAsInactive() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let subscription = try #require(try await store.buy(ada, "pro.yearly").subscription)
        let themes = try await store.buy(ada, "themes")
        _ = try await store.service.refund(invoiceID: themes.invoice.id, idempotencyKey: nil)
        _ = try await store.service.revoke(subscriptionID: subscription.id, reason: .developerIssue)
        let info = try await store.service.customerInfo(accountID: ada.id)
        #expect(info.entitlements.active.isEmpty)
        #expect(Set(info.entitlements.all.keys) == ["premium", "themes"])
        #expect(info.entitlements["premium"]?.expirationDate == CoreFixture.start)
        #expect(info.entitlements["themes"]?.expirationDate == CoreFixture.start)
        #expect(info.managementURL == nil)
    }

    @Test func subscriptionStatusFaultsFailCustomerInfo() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        try await store.service.desk.updateStoreControls(StoreControls(faults: [
            StoreFault(operation: .subscriptionStatus, error: .networkError, remaining: 1)]))
        await #expect(throws: PaymentsError.store(.networkError)) {
            _ = try await store.service.customerInfo(accountID: ada.id)
        }
        #expect(try await store.service.customerInfo(accountID: ada.id).entitlements.all.isEmpty)
    }
}
