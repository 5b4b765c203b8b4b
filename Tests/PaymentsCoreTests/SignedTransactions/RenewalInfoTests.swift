import Foundation
import Testing
@testable import PaymentsCore

/// Signed renewal info says what the App Store says about the next renewal of a subscription it
/// bills, in Apple's fields and units, signed with the same chain as its transactions.
@Suite struct RenewalInfoTests {
    func info(_ store: CoreFixture, _ account: Account) async throws -> SignedRenewalInfo {
        try #require(try await store.service.appStore.renewalInfo(accountID: account.id).first)
    }

    /// A subscription the store account pays for, as StoreKit buys it.
    func storeBuy(_ store: CoreFixture, _ account: Account, _ product: String) async throws -> PurchaseReceipt {
        let result = try await store.service.appStore.storePurchase(StorePurchaseRequest(accountID: account.id, productID: product))
        guard case let .success(_, receipt) = result else { throw StorePurchaseFailed(result: result) }
        return receipt
    }

    struct StorePurchaseFailed: Error { let result: StorePurchaseResult }

    @Test func aCardSubscriptionHasNoAppStoreRenewalInfo() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.yearly")
        #expect(try await store.service.appStore.renewalInfo(accountID: ada.id).isEmpty)
        _ = try await storeBuy(store, ada, "points.500")
        #expect(try await store.service.appStore.renewalInfo(accountID: ada.id).isEmpty, "a one-time store purchase renews nothing")
    }

    @Test func aRenewingSubscriptionNamesItsNextDatePriceAndProduct() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await storeBuy(store, ada, "pro.yearly")
        let subscription = try #require(receipt.subscription)
        let signed = try await info(store, ada)
        #expect(signed.subscriptionID == receipt.transaction?.payload.originalTransactionId, "the App Store names its subscriptions by their first transaction")
        #expect(signed.payload.originalTransactionId == receipt.transaction?.payload.transactionId)
        #expect(signed.payload.autoRenewStatus == 1 && signed.payload.autoRenewProductId == "pro.yearly")
        #expect(signed.payload.renewalDate == subscription.currentPeriodEnd)
        #expect(signed.payload.renewalPrice == 100_000 && signed.payload.currency == "USD")  // $100.00
        #expect(signed.payload.expirationIntent == nil && signed.payload.isInBillingRetryPeriod == false)
        #expect(signed.payload.environment == .sandbox && signed.payload.appTransactionId == ada.id)

        // The same chain as the transactions: the protected header is the same, and the payload
        // inside the token is the one returned.
        let transaction = try #require(receipt.transaction)
        #expect(signed.jws.split(separator: ".")[0] == (try transaction.jws).split(separator: ".")[0])
        let inside = try TransactionJSONCoding.makeDecoder().decode(
            RenewalInfoPayload.self, from: Data(try Base64URL.decode(signed.jws.split(separator: ".")[1])))
        #expect(inside == signed.payload)
    }

    @Test func cancellingTurnsAutoRenewOffAndExpiryGivesTheIntent() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let id = try #require(try await storeBuy(store, ada, "pro.yearly").subscription?.id)
        _ = try await store.service.router.cancelAtPeriodEnd(subscriptionID: id, reason: .tooExpensive)
        #expect(try await info(store, ada).payload.autoRenewStatus == 0)
        try await store.advance(days: 400)
        let expired = try await info(store, ada).payload
        #expect(expired.autoRenewStatus == 0 && expired.expirationIntent == 1)
        #expect(expired.isInBillingRetryPeriod == nil)
    }

    @Test func aScheduledDowngradeShowsAsTheAutoRenewProduct() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let id = try #require(try await storeBuy(store, ada, "pro.yearly").subscription?.id)
        let outcome = try await store.service.router.changePlan(PlanChangeRequest(subscriptionID: id, toProductID: "pro.monthly"))
        guard case .scheduled = outcome else {
            Issue.record("a yearly-to-monthly change should wait for the renewal, got \(outcome)")
            return
        }
        let payload = try await info(store, ada).payload
        #expect(payload.productId == "pro.yearly" && payload.autoRenewProductId == "pro.monthly")
        #expect(payload.renewalPrice == 10_000)  // $10.00 a month
    }
}
