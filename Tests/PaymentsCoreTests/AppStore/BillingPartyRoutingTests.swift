import Foundation
@testable import PaymentsCore
@testable import Simulators
import Synchronization
import Testing

/// Issue 40: the router and the desk read who bills a subscription (or sold an invoice's sale)
/// once and call that party; the merchant's refusal is never how they find out. An App Store that
/// records every call it gets shows which party each customer action reached.
@Suite struct BillingPartyRoutingTests {
    /// Forwards to the sandbox's App Store and records the name of every call.
    final class RecordingAppStore: AppStoreService {
        let inner: SimulatedAppStore
        private let log = Mutex<[String]>([])

        init(_ inner: SimulatedAppStore) { self.inner = inner }

        var calls: [String] { log.withLock { $0 } }

        private func record(_ call: String) { log.withLock { $0.append(call) } }

        func storePurchase(_ request: StorePurchaseRequest) async throws -> StorePurchaseResult {
            record("storePurchase")
            return try await inner.storePurchase(request)
        }
        func approvePurchase(pendingID: String) async throws -> StorePurchaseResult {
            record("approvePurchase")
            return try await inner.approvePurchase(pendingID: pendingID)
        }
        func declinePurchase(pendingID: String) async throws {
            record("declinePurchase")
            try await inner.declinePurchase(pendingID: pendingID)
        }
        func pendingActions(accountID: String?) async throws -> [PendingAction] {
            record("pendingActions")
            return try await inner.pendingActions(accountID: accountID)
        }
        func pendingPurchaseStatus(pendingID: String, accountID: String) async throws -> PendingPurchaseStatus {
            record("pendingPurchaseStatus")
            return try await inner.pendingPurchaseStatus(pendingID: pendingID, accountID: accountID)
        }
        func requestRefund(transactionID: String) async throws {
            record("requestRefund")
            try await inner.requestRefund(transactionID: transactionID)
        }
        func setAutoRenew(originalTransactionID: String, enabled: Bool) async throws {
            record("setAutoRenew")
            try await inner.setAutoRenew(originalTransactionID: originalTransactionID, enabled: enabled)
        }
        func previewPlanChange(originalTransactionID: String, toProductID: String) async throws -> PlanChangePreview {
            record("previewPlanChange")
            return try await inner.previewPlanChange(originalTransactionID: originalTransactionID, toProductID: toProductID)
        }
        func changePlan(originalTransactionID: String, toProductID: String) async throws -> String? {
            record("changePlan")
            return try await inner.changePlan(originalTransactionID: originalTransactionID, toProductID: toProductID)
        }
        func requestPriceIncrease(originalTransactionID: String, subscriptionID: String, newPrice: Int64) async throws -> PendingAction {
            record("requestPriceIncrease")
            return try await inner.requestPriceIncrease(originalTransactionID: originalTransactionID, subscriptionID: subscriptionID,
                                                        newPrice: newPrice)
        }
        func answerPriceIncrease(pendingID: String, accept: Bool) async throws -> PendingAction? {
            record("answerPriceIncrease")
            return try await inner.answerPriceIncrease(pendingID: pendingID, accept: accept)
        }
        func followClocks() async throws { try await inner.followClocks() }
        func nextDueDate(clockID: String?) async throws -> Date? { try await inner.nextDueDate(clockID: clockID) }
        func runDueWork(clockID: String?, until: Date) async throws -> ClockAdvanceReport {
            try await inner.runDueWork(clockID: clockID, until: until)
        }
        func controls() async throws -> AppStoreControls { try await inner.controls() }
        func updateControls(_ controls: AppStoreControls) async throws { try await inner.updateControls(controls) }
        func clearAllTransactions() async throws { try await inner.clearAllTransactions() }
        func deliverReceipts() async throws -> ReceiptSyncReport { try await inner.deliverReceipts() }
        func renewalInfo(accountID: String) async throws -> [SignedRenewalInfo] { try await inner.renewalInfo(accountID: accountID) }
        func notifications() async throws -> [StoreNotification] { try await inner.notifications() }
        func signedNotifications() async throws -> [(notification: StoreNotification, signedPayload: String)] {
            try await inner.signedNotifications()
        }
        func sendTestNotification() async throws -> StoreNotification { try await inner.sendTestNotification() }
        func deliverNotifications(transport: any StoreNotificationTransport) async throws -> StoreNotificationDeliveryReport {
            try await inner.deliverNotifications(transport: transport)
        }
    }

    @Test func whatTheMerchantBillsNeverReachesTheAppStore() async throws {
        let store = try await CoreFixture()
        let appStore = RecordingAppStore(store.service.appStore)
        let router = StoreKitRouter(merchant: store.service, appStore: appStore)
        let desk = TestControlDesk(merchant: store.service, appStore: appStore)
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "pro.monthly")
        let id = try #require(receipt.subscription?.id)
        #expect(try await store.service.billingParty(subscriptionID: id) == (ada.id, .merchant))
        #expect(try await store.service.refundingParty(invoiceID: receipt.invoice.id) == .merchant)

        #expect(try await router.cancelAtPeriodEnd(subscriptionID: id, reason: nil).willAutoRenew == false)
        #expect(try await router.resume(subscriptionID: id).willAutoRenew == true)
        #expect(try await router.previewPlanChange(subscriptionID: id, toProductID: "max.monthly").timing == .immediate)
        guard case let .changed(changed, invoice) = try await router.changePlan(
            PlanChangeRequest(subscriptionID: id, toProductID: "max.monthly")) else {
            Issue.record("the merchant's upgrade is made at once"); return
        }
        #expect(changed.productID == "max.monthly")
        let asked = try await desk.requestPriceIncrease(subscriptionID: id, newPrice: 3_000)
        #expect(try await desk.answerPriceIncrease(pendingID: asked.id, accept: true).id == id)
        let refund = try await router.refund(invoiceID: invoice.id, idempotencyKey: nil)
        #expect(refund.original.id == invoice.id && refund.refund.refundOf == invoice.id)
        // Asked only whether the consent request is its own (it is not: nothing is answered there).
        #expect(appStore.calls == ["answerPriceIncrease"], "the App Store was asked: \(appStore.calls)")
        #expect(try await appStore.notifications().isEmpty)
        #expect(try await store.invariants() == [])
    }

    @Test func whatTheAppStoreBillsGoesToTheAppStoreOnce() async throws {
        let store = try await CoreFixture()
        let appStore = RecordingAppStore(store.service.appStore)
        let router = StoreKitRouter(merchant: store.service, appStore: appStore)
        let desk = TestControlDesk(merchant: store.service, appStore: appStore)
        let ada = try await store.account(card: nil)
        guard case let .success(sold, receipt) = try await appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "pro.yearly")) else {
            Issue.record("the sheet did not sell"); return
        }
        let id = try #require(receipt.subscription?.id)
        let original = sold.payload.transactionId
        #expect(try await store.service.billingParty(subscriptionID: id) == (ada.id, .appStore(transactionID: original)))
        #expect(try await store.service.refundingParty(invoiceID: receipt.invoice.id) == .appStore(transactionID: original))

        #expect(try await router.cancelAtPeriodEnd(subscriptionID: id, reason: nil).willAutoRenew == false)
        #expect(try await router.resume(subscriptionID: id).willAutoRenew == true)
        #expect(try await router.previewPlanChange(subscriptionID: id, toProductID: "max.yearly").subscriptionID == id)
        guard case let .changed(changed, _) = try await router.changePlan(
            PlanChangeRequest(subscriptionID: id, toProductID: "max.yearly")) else {
            Issue.record("the App Store's upgrade is made at once"); return
        }
        #expect(changed.id == id && changed.productID == "max.yearly")
        let asked = try await desk.requestPriceIncrease(subscriptionID: id, newPrice: 40_000)
        #expect(try await desk.answerPriceIncrease(pendingID: asked.id, accept: true).id == id)
        let latest = try #require(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.first)
        let refund = try await router.refund(invoiceID: latest.id, idempotencyKey: nil)
        #expect(refund.original.id == latest.id && refund.revokedSubscription?.id == id)
        #expect(try await router.refund(invoiceID: latest.id, idempotencyKey: nil) == refund, "asked again, the same refund")
        #expect(appStore.calls == ["storePurchase", "setAutoRenew", "setAutoRenew", "previewPlanChange", "changePlan",
                                   "requestPriceIncrease", "answerPriceIncrease", "requestRefund"])
        #expect(try await store.invariants() == [])
    }

    /// A party read wrong fails loudly: the merchant refuses to change what the App Store bills,
    /// and the App Store knows nothing of what the merchant bills.
    @Test func eachPartyRefusesTheOthersSubscription() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let mine = try #require(try await store.buy(ada, "pro.monthly").subscription?.id)
        await #expect(throws: PaymentsError.self) {
            try await store.service.appStore.setAutoRenew(originalTransactionID: mine, enabled: false)
        }
        let bob = try await store.account("bob", card: nil)
        guard case let .success(sold, receipt) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: bob.id, productID: "pro.yearly")) else {
            Issue.record("the sheet did not sell"); return
        }
        let theirs = try #require(receipt.subscription?.id)
        await #expect(throws: PaymentsError.billedByAppStore(subscriptionID: theirs, accountID: bob.id,
                                                              originalTransactionID: sold.payload.transactionId)) {
            try await store.service.cancelAtPeriodEnd(subscriptionID: theirs, reason: nil)
        }
        await #expect(throws: PaymentsError.subscriptionNotFound("sub_missing")) {
            try await StoreKitRouter(merchant: store.service, appStore: store.service.appStore)
                .cancelAtPeriodEnd(subscriptionID: "sub_missing", reason: nil)
        }
    }
}
