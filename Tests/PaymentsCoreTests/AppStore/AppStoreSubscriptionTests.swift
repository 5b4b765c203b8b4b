import Foundation
@testable import PaymentsCore
@testable import Simulators
import Testing

/// Subscriptions the App Store bills are the App Store's: it sells, renews, retries, changes,
/// refunds and ends them on the customer's clock, and the merchant keeps a mirror from what the
/// App Store tells it. Each step is asserted on both sides. Runs on SQLite and, in CI, on PostgreSQL.
@Suite struct AppStoreSubscriptionTests {
    private func rows(_ store: CoreFixture, _ sql: String) async throws -> [String] {
        try await store.service.storage.read { try await $0.fetchAll(String.self, StoreSQL(sql)) }
    }

    private func kinds(_ store: CoreFixture) async throws -> [String] {
        try await store.service.appStore.notifications().map { [$0.kind.type, $0.kind.subtype].compactMap { $0 }.joined(separator: "/") }
    }

    private func storeBuy(_ store: CoreFixture, _ account: Account, _ product: String,
                          code: String? = nil) async throws -> (SignedTransaction, PurchaseReceipt) {
        let result = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: account.id, productID: product, offerCode: code))
        guard case let .success(transaction, receipt) = result else { throw FixtureError.missing("a store purchase of \(product)") }
        return (transaction, receipt)
    }

    private func appleState(_ store: CoreFixture) async throws -> [String] {
        try await rows(store, "SELECT state FROM appstore_subscriptions")
    }

    private static let day: TimeInterval = 86_400

    @Test func theAppStoreRenewsThroughTrialGraceAndRecoveryToTheEndAndTheMerchantFollows() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let clock = try await store.service.attachNewTestClock(accountID: ada.id, name: "ada")
        let desk = store.service.desk
        let (trial, receipt) = try await storeBuy(store, ada, "pro.monthly")
        #expect(trial.payload.offerDiscountType == .freeTrial && trial.payload.price == 0)
        #expect(trial.payload.expiresDate == clock.frozenTime.addingTimeInterval(7 * Self.day))
        #expect(receipt.subscription?.periodType == .trial && receipt.introOfferApplied)

        // The trial ends: the store account pays the first month, on the clock's advance.
        var report = try await desk.advanceTestClock(clock.id, to: clock.frozenTime.addingTimeInterval(8 * Self.day))
        #expect(report.renewals == 1 && report.trialConversions == 1)
        var mirror = try await store.subscription(ada)
        #expect(mirror.state == .subscribed && mirror.periodType == .normal && mirror.periodAmountPaid.minorUnits == 1_000)
        #expect(mirror.currentPeriodEnd == clock.frozenTime.addingTimeInterval(7 * Self.day).addingTimeInterval(31 * Self.day))
        let renewal = try #require(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.first)
        #expect(renewal.kind == .renewal && renewal.status == .paid && renewal.total.minorUnits == 1_000)

        // Renewals fail: grace, then a retry pays once the switch is off again.
        try await desk.updateStoreControls(StoreControls(renewalsFail: true))
        report = try await desk.advanceTestClock(clock.id, to: clock.frozenTime.addingTimeInterval(38.5 * Self.day))
        #expect(report.failedRenewals == 1)
        #expect(try await store.subscription(ada).state == .inGracePeriod)
        #expect(try await appleState(store) == ["inGracePeriod"])
        #expect(try await store.service.entitlements(accountID: ada.id).map(\.id) == ["premium"], "grace keeps access")
        try await desk.updateStoreControls(StoreControls())
        report = try await desk.advanceTestClock(clock.id, to: clock.frozenTime.addingTimeInterval(40 * Self.day))
        #expect(report.recoveries == 1)
        mirror = try await store.subscription(ada)
        #expect(mirror.state == .subscribed && mirror.billingIssueDetectedAt == nil)

        // Cancelled in the App Store's settings: it ends with its period.
        _ = try await store.service.router.cancelAtPeriodEnd(subscriptionID: mirror.id, reason: nil)
        #expect(try await store.subscription(ada).willAutoRenew == false)
        report = try await desk.advanceTestClock(clock.id, to: clock.frozenTime.addingTimeInterval(80 * Self.day))
        #expect(report.expirations == 1)
        #expect(try await store.subscription(ada).state == .expired)
        #expect(try await appleState(store) == ["expired"])
        #expect(try await store.service.entitlements(accountID: ada.id).isEmpty)
        #expect(try await kinds(store) == [
            "SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "DID_FAIL_TO_RENEW/GRACE_PERIOD", "DID_RENEW/BILLING_RECOVERY",
            "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY",
        ])
        #expect(try await rows(store, "SELECT uuid FROM store_notifications WHERE merchant_delivered_at IS NULL").isEmpty)
        #expect(try await store.invariants() == [])
    }

    /// One clock, two parties: a card and a store subscription renew in the order of their dates,
    /// each stamped with its own instant.
    @Test func aCardAndAStoreSubscriptionOnOneClockRenewInTimeOrder() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let bob = try await store.account("bob", card: nil)
        let clock = try await store.service.attachNewTestClock(accountID: ada.id, name: "shared")
        _ = try await store.service.attach(accountID: bob.id, toTestClock: clock.id)
        _ = try await store.buy(ada, "pro.yearly")
        _ = try await store.service.desk.advanceTestClock(clock.id, to: clock.frozenTime.addingTimeInterval(10 * Self.day))
        _ = try await storeBuy(store, bob, "pro.yearly")
        let report = try await store.service.desk.advanceTestClock(clock.id, to: clock.frozenTime.addingTimeInterval(800 * Self.day))
        #expect(report.renewals == 4)
        let renewals = try await store.service.events(accountID: nil, after: nil, limit: 500)
            .filter { $0.type == .renewed }.map { ($0.accountID ?? "", $0.at) }
        #expect(renewals.map(\.0) == [ada.id, bob.id, ada.id, bob.id])
        #expect(renewals.map(\.1) == renewals.map(\.1).sorted())
        #expect(renewals[1].1 == clock.frozenTime.addingTimeInterval(10 * Self.day).addingTimeInterval(365 * Self.day))
        #expect(try await store.invariants() == [])
    }

    @Test func anUpgradeIsAtOnceWithANewTransactionAndADowngradeWaitsForTheRenewal() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let clock = try await store.service.attachNewTestClock(accountID: ada.id, name: "ada")
        let (first, receipt) = try await storeBuy(store, ada, "pro.yearly")
        let id = try #require(receipt.subscription?.id)
        _ = try await store.service.desk.advanceTestClock(clock.id, to: clock.frozenTime.addingTimeInterval(100 * Self.day))
        let preview = try await store.service.router.previewPlanChange(subscriptionID: id, toProductID: "max.yearly")
        #expect(preview.subscriptionID == id && preview.timing == .immediate && preview.chargeNow.minorUnits == 30_000)
        #expect(preview.creditForUnusedTime.minorUnits > 0 && preview.creditForUnusedTime.minorUnits < 10_000)
        guard case let .changed(changed, invoice) = try await store.service.router.changePlan(
            PlanChangeRequest(subscriptionID: id, toProductID: "max.yearly")) else {
            Issue.record("an upgrade is made at once"); return
        }
        #expect(changed.id == id && changed.productID == "max.yearly" && invoice.kind == .planChange && invoice.total.minorUnits == 30_000)
        let upgraded = try await store.service.storage.read {
            try await AppStoreRecords($0).sale(first.payload.transactionId)
        }
        #expect(upgraded.payload.isUpgraded == true, "the period cut short is marked upgraded")

        guard case let .scheduled(scheduled) = try await store.service.router.changePlan(
            PlanChangeRequest(subscriptionID: id, toProductID: "pro.yearly")) else {
            Issue.record("a downgrade waits for the renewal"); return
        }
        #expect(scheduled.pendingProductID == "pro.yearly" && scheduled.productID == "max.yearly")
        let info = try #require(try await store.service.appStore.renewalInfo(accountID: ada.id).first).payload
        #expect(info.productId == "max.yearly" && info.autoRenewProductId == "pro.yearly" && info.renewalPrice == 100_000)
        _ = try await store.service.desk.advanceTestClock(clock.id, to: clock.frozenTime.addingTimeInterval(500 * Self.day))
        #expect(try await store.subscription(ada).productID == "pro.yearly")
        #expect(try await kinds(store) == ["SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_PREF/UPGRADE",
                                           "DID_CHANGE_RENEWAL_PREF/DOWNGRADE", "DID_RENEW"])
        #expect(try await store.invariants() == [])
    }

    @Test func aRefundOfTheCurrentPeriodIsTheAppStoresAndEndsTheSubscription() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let (bought, receipt) = try await storeBuy(store, ada, "pro.yearly")
        let invoice = receipt.invoice
        await #expect(throws: PaymentsError.soldByAppStore(transactionID: bought.payload.transactionId)) {
            _ = try await store.service.refund(invoiceID: invoice.id, idempotencyKey: nil)
        }
        let outcome = try await store.service.router.refund(invoiceID: invoice.id, idempotencyKey: "refund-1")
        #expect(outcome.original.status == .refunded && outcome.refund.total.minorUnits == -10_000)
        #expect(outcome.revokedSubscription?.state == .revoked)
        #expect(try await appleState(store) == ["revoked"])
        #expect(try await store.service.entitlements(accountID: ada.id).isEmpty)
        #expect(try await store.service.router.refund(invoiceID: invoice.id, idempotencyKey: nil) == outcome, "asked again")
        #expect(try await kinds(store) == ["SUBSCRIBED/INITIAL_BUY", "REFUND"])
        #expect(try await store.invariants() == [])
    }

    @Test func aPriceIncreaseWaitsForConsentAndUnansweredEndsTheSubscription() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let bob = try await store.account("bob", card: nil)
        _ = try await storeBuy(store, ada, "pro.yearly")
        _ = try await storeBuy(store, bob, "pro.yearly")
        let desk = store.service.desk
        let asked = try await desk.requestPriceIncrease(subscriptionID: try await store.subscription(ada).id, newPrice: 12_000)
        let unanswered = try await desk.requestPriceIncrease(subscriptionID: try await store.subscription(bob).id, newPrice: 12_000)
        let adas = try await store.subscription(ada).id
        #expect(asked.id.hasPrefix("skpend_") && asked.subscriptionID == adas)
        #expect(try await desk.pendingActions(accountID: nil).map(\.id) == [asked.id, unanswered.id])
        let accepted = try await desk.answerPriceIncrease(pendingID: asked.id, accept: true)
        #expect(accepted.willAutoRenew)
        #expect(try await store.service.appStore.renewalInfo(accountID: ada.id).first?.payload.renewalPrice == 120_000)
        try await store.advance(days: 366)
        #expect(try await store.subscription(ada).periodAmountPaid.minorUnits == 12_000)
        let ended = try await store.subscription(bob)
        #expect(ended.state == .expired && ended.expirationReason == .didNotConsentToPriceIncrease)
        #expect(try await desk.pendingActions(accountID: nil).isEmpty)
        #expect(try await store.invariants() == [])
    }

    /// Apple ends a subscription only when the period refunded is the one it is in: an earlier
    /// period's refund is booked, and the subscription keeps renewing on both sides.
    @Test func aRefundOfAnEarlierPeriodLeavesTheSubscriptionRenewing() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let (_, receipt) = try await storeBuy(store, ada, "pro.yearly")
        try await store.advance(days: 370)
        let outcome = try await store.service.router.refund(invoiceID: receipt.invoice.id, idempotencyKey: nil)
        #expect(outcome.original.status == .refunded && outcome.revokedSubscription == nil)
        #expect(try await store.subscription(ada).state == .subscribed)
        #expect(try await appleState(store) == ["subscribed"])
        #expect(try await store.service.entitlements(accountID: ada.id).map(\.id) == ["premium"])
        try await store.advance(days: 365)
        #expect(try await store.subscription(ada).state == .subscribed)
        #expect(try await kinds(store) == ["SUBSCRIBED/INITIAL_BUY", "DID_RENEW", "REFUND", "DID_RENEW"])
        #expect(try await store.invariants() == [])
    }

    /// A transaction the in-core store made before v27 and nobody read has no token in the App
    /// Store's copy: the App Store signs it from the copy's payload and keeps the token, so what
    /// it tells the merchant about that subscription always carries a token of those bytes.
    @Test func aTransactionCopiedWithoutItsTokenIsToldSigned() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let (bought, receipt) = try await storeBuy(store, ada, "pro.yearly")
        try await store.service.storage.write { try await $0.execute("UPDATE appstore_transactions SET jws = ''") }
        _ = try await store.service.router.cancelAtPeriodEnd(subscriptionID: try #require(receipt.subscription?.id), reason: nil)
        #expect(try await store.subscription(ada).willAutoRenew == false)
        let kept = try #require(try await rows(store, "SELECT jws FROM appstore_transactions").first)
        #expect(try await store.service.verifyAppStoreTransaction(kept).verifiedPayload == bought.payload)
        #expect(try await rows(store, "SELECT uuid FROM store_notifications WHERE merchant_delivered_at IS NULL").isEmpty)
    }

    /// A notification told late (the server that queued it stopped before telling, and another
    /// tells it later) carries the time it was queued: the merchant, which keeps the newest it
    /// applied, does not take it for news over a later change it already has.
    @Test func aNotificationToldLateIsNotTakenForNewsOverALaterOne() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let (bought, _) = try await storeBuy(store, ada, "pro.yearly")
        let appStore = store.service.appStore
        let original = bought.payload.originalTransactionId
        try await appStore.setAutoRenew(originalTransactionID: original, enabled: false)
        let disabled = try #require(try await rows(store, "SELECT uuid FROM store_notifications WHERE subtype = 'AUTO_RENEW_DISABLED'").first)
        store.clock.advance(by: 60)
        try await appStore.setAutoRenew(originalTransactionID: original, enabled: true)
        #expect(try await store.subscription(ada).willAutoRenew)
        try await store.service.storage.write { work in
            try await work.execute("UPDATE store_notifications SET merchant_delivered_at = NULL WHERE uuid = ?", [disabled])
            try await work.execute("DELETE FROM app_store_notifications_received WHERE notification_uuid = ?", [disabled])
        }
        store.clock.advance(by: 3_600)
        try await appStore.tellMerchant()
        #expect(try await rows(store, "SELECT uuid FROM store_notifications WHERE merchant_delivered_at IS NULL").isEmpty)
        #expect(try await store.subscription(ada).willAutoRenew, "the later change stands")
    }

    /// A change decided on a subscription that renewed meanwhile is refused, never written over
    /// the renewal; asked again, it is made on what the subscription is now.
    @Test func aChangeDecidedBeforeARenewalIsRefusedNotWrittenOverIt() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let (_, receipt) = try await storeBuy(store, ada, "pro.yearly")
        let appStore = store.service.appStore
        let original = try #require(receipt.transaction?.payload.originalTransactionId)
        let read = try #require(try await store.service.storage.read { try await AppStoreRecords($0).subscription(original) })
        try await store.advance(days: 366)
        var stale = read
        stale.willAutoRenew = false
        let notice = try appStore.notice("DID_CHANGE_RENEWAL_STATUS", "AUTO_RENEW_DISABLED",
                                         transaction: try await appStore.signedTransaction(read.latestTransactionID), subscription: stale)
        await #expect(throws: SimulatedAppStore.changedMeanwhile(read)) { try await appStore.save(stale, was: read, notice: notice) }
        let now = try #require(try await store.service.storage.read { try await AppStoreRecords($0).subscription(original) })
        #expect(now.latestTransactionID != read.latestTransactionID && now.willAutoRenew)
        try await appStore.setAutoRenew(originalTransactionID: original, enabled: false)
        #expect(try await store.subscription(ada).willAutoRenew == false)
    }

    /// A customer moved onto a test clock after the purchase renews on that clock's advance, not
    /// in real time; taken off it, in real time again.
    @Test func aSubscriberMovedOntoAndOffATestClockRenewsOnTheClockItIsOn() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        _ = try await storeBuy(store, ada, "pro.yearly")
        let clock = try await store.service.attachNewTestClock(accountID: ada.id, name: "ada")
        try await store.advance(days: 400)
        #expect(try await store.subscription(ada).currentPeriodEnd == CoreFixture.date("2027-01-01T00:00:00Z"))
        let report = try await store.service.desk.advanceTestClock(clock.id, to: clock.frozenTime.addingTimeInterval(370 * Self.day))
        #expect(report.renewals == 1)
        #expect(try await store.subscription(ada).currentPeriodEnd == CoreFixture.date("2028-01-01T00:00:00Z"))
        _ = try await store.service.detachTestClock(accountID: ada.id)
        try await store.advance(days: 400)
        #expect(try await store.subscription(ada).currentPeriodEnd == CoreFixture.date("2029-01-01T00:00:00Z"))
        #expect(try await store.invariants() == [])
    }

    /// The App Store learns that a customer moved onto or off a test clock from the merchant's
    /// events, each once: a tick files the customer's subscriptions under the clock it is on, and
    /// its cursor moves past what it followed.
    @Test func theAppStoreFollowsACustomerOntoAndOffAClockFromTheMerchantsEvents() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        _ = try await storeBuy(store, ada, "pro.yearly")
        let filed = { try await rows(store, "SELECT COALESCE(clock_id, 'real time') FROM appstore_subscriptions") }
        let cursor = { try await rows(store, "SELECT value FROM appstore_state WHERE key = 'clock_event_cursor'") }
        let clock = try await store.service.attachNewTestClock(accountID: ada.id, name: "ada")
        #expect(try await filed() == ["real time"], "nothing is filed before the App Store looks")
        try await store.service.appStore.runScheduledDueWork()
        #expect(try await filed() == [clock.id])
        let events = try await store.service.events(accountID: ada.id, after: nil, limit: 100)
        #expect(events.filter { $0.type == .testClockAttached }.map(\.detail) == [clock.id])
        #expect(try await cursor() == [String(try #require(events.last?.id))])
        _ = try await store.service.detachTestClock(accountID: ada.id)
        try await store.service.appStore.followClocks()
        #expect(try await filed() == ["real time"])
        let after = try await store.service.events(accountID: ada.id, after: nil, limit: 100)
        #expect(after.last?.type == .testClockDetached)
        #expect(try await cursor() == [String(try #require(after.last?.id))])
    }
}
