import Foundation
import Synchronization
import Testing
@testable import PaymentsCore

/// App Store Server Notifications V2: what the App Store bills produces Apple's notification types
/// once each, and the outbox posts them with Apple's retries on the injected clock.
@Suite struct StoreNotificationTests {
    func kinds(_ store: CoreFixture) async throws -> [String] {
        try await store.service.appStore.notifications().map { notification in
            [notification.kind.type, notification.kind.subtype].compactMap { $0 }.joined(separator: "/")
        }
    }

    func storeBuy(_ store: CoreFixture, _ account: Account, _ product: String) async throws {
        guard case .success = try await store.service.appStore.storePurchase(StorePurchaseRequest(accountID: account.id, productID: product)) else {
            throw FixtureError.missing("a store purchase of \(product)")
        }
    }

    @Test func aStoreSubscriptionsLifeIsNotifiedOnceEachStepAndCardPurchasesAreNot() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let bob = try await store.account("bob")
        _ = try await store.buy(bob, "points.500")  // a card purchase: not the App Store's
        try await storeBuy(store, ada, "pro.yearly")
        let id = try await store.subscription(ada).id
        _ = try await store.service.router.cancelAtPeriodEnd(subscriptionID: id, reason: nil)
        _ = try await store.service.router.resume(subscriptionID: id)
        try await store.advance(days: 366)
        var controls = try await store.service.storeControls()
        controls.renewalsFail = true
        try await store.service.desk.updateStoreControls(controls)
        try await store.advance(days: 366)
        try await store.advance(days: 17)
        try await storeBuy(store, ada, "points.500")
        let expected = ["SUBSCRIBED/INITIAL_BUY", "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED",
                        "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_ENABLED", "DID_RENEW", "DID_FAIL_TO_RENEW/GRACE_PERIOD",
                        "GRACE_PERIOD_EXPIRED", "ONE_TIME_CHARGE"]
        #expect(try await kinds(store) == expected)
        // Collecting again (another process, a restart) adds nothing.
        #expect(try await kinds(store) == expected)
        #expect(try await store.service.appStore.notifications().allSatisfy { $0.accountID == ada.id })
    }

    @Test func refundsPriceIncreasesAndAResubscriptionHaveTheirOwnKinds() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await storeBuy(store, ada, "points.500")
        let pointsInvoice = try #require(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.first)
        _ = try await store.service.router.refund(invoiceID: pointsInvoice.id, idempotencyKey: nil)
        try await storeBuy(store, ada, "pro.yearly")
        let id = try await store.subscription(ada).id
        let consent = try await store.service.desk.requestPriceIncrease(subscriptionID: id, newPrice: 12_000)
        _ = try await store.service.desk.answerPriceIncrease(pendingID: consent.id, accept: true)
        _ = try await store.service.router.cancelAtPeriodEnd(subscriptionID: id, reason: nil)
        try await store.advance(days: 400)
        try await storeBuy(store, ada, "pro.yearly")
        #expect(try await kinds(store) == [
            "ONE_TIME_CHARGE", "REFUND", "SUBSCRIBED/INITIAL_BUY", "PRICE_INCREASE/PENDING", "PRICE_INCREASE/ACCEPTED",
            "DID_CHANGE_RENEWAL_STATUS/AUTO_RENEW_DISABLED", "EXPIRED/VOLUNTARY", "SUBSCRIBED/RESUBSCRIBE",
        ])
    }

    @Test func theSignedPayloadCarriesTheTransactionAndRenewalInfoOfItsMoment() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await storeBuy(store, ada, "pro.yearly")
        try await store.advance(days: 366)
        let signed = try await store.service.appStore.signedNotifications()
        #expect(signed.map(\.notification.kind.type) == ["SUBSCRIBED", "DID_RENEW"])
        let payloads = try signed.map { entry in
            try TransactionJSONCoding.makeDecoder().decode(
                StoreNotificationPayload.self, from: Data(try Base64URL.decode(entry.signedPayload.split(separator: ".")[1])))
        }
        #expect(payloads.map(\.version) == ["2.0", "2.0"] && payloads.map(\.data.status) == [1, 1])
        #expect(payloads.map(\.notificationUUID) == signed.map(\.notification.uuid))
        let transactions = try payloads.map { payload in
            try CompactJWS.payload(of: payload.data.signedTransactionInfo ?? "")
        }
        // The purchase's notification names the first transaction, the renewal's the second.
        #expect(transactions[0].transactionReason == .purchase && transactions[1].transactionReason == .renewal)
        #expect(transactions[0].originalTransactionId == transactions[1].originalTransactionId)
        #expect(payloads.allSatisfy { $0.data.signedRenewalInfo != nil && $0.data.bundleId == "dev.kiosk.store" })
    }

    /// A notification the in-core store's events owed (collected by v30: it names the
    /// subscription by original transaction and keeps no renewal info) is signed by the App Store
    /// from its own records: its copy of the transaction, the renewal info and status of its
    /// subscription, and the event's time as its signedDate.
    @Test func aNotificationOwedByTheInCoreStoreIsSignedFromTheAppStoresOwnRecords() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await storeBuy(store, ada, "pro.yearly")
        let sale = try #require(try await store.service.storage.read {
            try await $0.fetchAll(String.self, "SELECT id || ' ' || jws FROM appstore_transactions")
        }.first).split(separator: " ").map(String.init)
        try await store.service.storage.write { work in
            try await work.execute("""
                INSERT INTO store_notifications(uuid, event_id, account_id, type, subscription_id, transaction_id, created_at,
                                                next_attempt_at, signed_at)
                VALUES ('legacy-1', 999, ?, 'DID_RENEW', ?, ?, 1000, 0, 1000)
                """, [ada.id, sale[0], sale[0]])
        }
        let signed = try #require(try await store.service.appStore.signedNotifications().first { $0.notification.uuid == "legacy-1" })
        let payload = try TransactionJSONCoding.makeDecoder().decode(
            StoreNotificationPayload.self, from: Data(try Base64URL.decode(signed.signedPayload.split(separator: ".")[1])))
        #expect(payload.notificationType == "DID_RENEW" && payload.signedDate == Date(timeIntervalSince1970: 1))
        #expect(payload.data.signedTransactionInfo == sale[1] && payload.data.status == 1)
        let renewal = try TransactionJSONCoding.makeDecoder().decode(
            RenewalInfoPayload.self,
            from: Data(try Base64URL.decode(try #require(payload.data.signedRenewalInfo).split(separator: ".")[1])))
        #expect(renewal.originalTransactionId == sale[0] && renewal.autoRenewStatus == 1)
    }

    /// The tester clears every sale: a notification already sent (or owed from before) about a
    /// transaction the App Store no longer has is signed without it, and the outbox goes on.
    @Test func aNotificationWhoseTransactionWasClearedIsSentWithoutIt() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        var settings = try await store.service.settings()
        settings.notificationURL = "http://127.0.0.1:9/notifications"
        try await store.service.updateSettings(settings)
        try await storeBuy(store, ada, "points.500")
        #expect(try await store.service.appStore.deliverNotifications(transport: Receiver(statuses: [])).delivered == 1)
        try await store.service.desk.clearAllTransactions()
        try await store.service.storage.write { work in
            try await work.execute("""
                INSERT INTO store_notifications(uuid, event_id, account_id, type, transaction_id, created_at, next_attempt_at, signed_at)
                VALUES ('legacy-1', 999, ?, 'ONE_TIME_CHARGE', '2000000000000077', 1000, 0, 1000)
                """, [ada.id])
        }
        let signed = try await store.service.appStore.signedNotifications()
        #expect(signed.map(\.notification.kind.type) == ["ONE_TIME_CHARGE", "ONE_TIME_CHARGE"])
        let payloads = try signed.map { entry in
            try TransactionJSONCoding.makeDecoder().decode(
                StoreNotificationPayload.self, from: Data(try Base64URL.decode(entry.signedPayload.split(separator: ".")[1])))
        }
        #expect(payloads.allSatisfy { $0.data.signedTransactionInfo == nil })
        #expect(try await store.service.appStore.deliverNotifications(transport: Receiver(statuses: [])).delivered == 1)
    }

    @Test func deliveryRetriesOnApplesScheduleUntilAccepted() async throws {
        let store = try await CoreFixture()
        let receiver = Receiver(statuses: [500, 503])
        // No URL: nothing is sent and the notification waits.
        let waiting = try await store.service.appStore.sendTestNotification()
        #expect(try await store.service.appStore.deliverNotifications(transport: receiver) == StoreNotificationDeliveryReport())
        var settings = try await store.service.settings()
        settings.notificationURL = "http://127.0.0.1:9/notifications"
        try await store.service.updateSettings(settings)

        let first = try await store.service.appStore.deliverNotifications(transport: receiver)
        #expect(first.failed == 1 && first.delivered == 0)
        var stored = try #require(try await store.service.appStore.notifications().first { $0.uuid == waiting.uuid })
        #expect(stored.attempts == 1 && stored.lastError == "HTTP 500")
        #expect(stored.nextAttemptAt == store.clock.now.addingTimeInterval(3_600))
        // Not due again before the hour is up.
        #expect(try await store.service.appStore.deliverNotifications(transport: receiver) == StoreNotificationDeliveryReport())
        store.clock.advance(by: 3_600)
        #expect(try await store.service.appStore.deliverNotifications(transport: receiver).failed == 1)
        stored = try #require(try await store.service.appStore.notifications().first { $0.uuid == waiting.uuid })
        #expect(stored.nextAttemptAt == CoreFixture.start.addingTimeInterval(12 * 3_600))
        store.clock.set(CoreFixture.start.addingTimeInterval(12 * 3_600))
        #expect(try await store.service.appStore.deliverNotifications(transport: receiver).delivered == 1)
        #expect(try await store.service.appStore.deliverNotifications(transport: receiver) == StoreNotificationDeliveryReport())
        stored = try #require(try await store.service.appStore.notifications().first { $0.uuid == waiting.uuid })
        #expect(stored.status == .delivered && stored.attempts == 3)

        let bodies = receiver.bodies
        #expect(bodies.count == 3)
        let last = try #require(bodies.last)
        let body = try #require(try JSONSerialization.jsonObject(with: last) as? [String: String])
        let signedPayload = try #require(body["signedPayload"])
        let payload = try TransactionJSONCoding.makeDecoder().decode(
            StoreNotificationPayload.self, from: Data(try Base64URL.decode(signedPayload.split(separator: ".")[1])))
        #expect(payload.notificationType == "TEST" && payload.notificationUUID == waiting.uuid)
        // Every attempt is signed with the time it was queued, never taken for newer news.
        let signedDates = try bodies.map { body in
            let object = try #require(try JSONSerialization.jsonObject(with: body) as? [String: String])
            return try TransactionJSONCoding.makeDecoder().decode(
                StoreNotificationPayload.self,
                from: Data(try Base64URL.decode(try #require(object["signedPayload"]).split(separator: ".")[1]))).signedDate
        }
        #expect(signedDates == Array(repeating: CoreFixture.start, count: 3))
    }

    @Test func aNotificationNobodyAcceptsIsGivenUpAfterFiveRetries() async throws {
        let store = try await CoreFixture()
        var settings = try await store.service.settings()
        settings.notificationURL = "http://127.0.0.1:9/notifications"
        try await store.service.updateSettings(settings)
        let test = try await store.service.appStore.sendTestNotification()
        let receiver = Receiver(statuses: Array(repeating: 500, count: 10))
        for hours in [0, 1, 12, 24, 48, 72] {
            store.clock.set(CoreFixture.start.addingTimeInterval(Double(hours) * 3_600))
            #expect(try await store.service.appStore.deliverNotifications(transport: receiver).failed == 1, "at +\(hours) h")
        }
        store.clock.advance(by: 365 * 86_400)
        #expect(try await store.service.appStore.deliverNotifications(transport: receiver) == StoreNotificationDeliveryReport())
        let stored = try #require(try await store.service.appStore.notifications().first { $0.uuid == test.uuid })
        #expect(stored.status == .failed && stored.attempts == 6)
    }
}

/// A notification endpoint answering the given statuses in turn (200 once they run out).
final class Receiver: StoreNotificationTransport, Sendable {
    private let state: Mutex<(statuses: [Int], bodies: [Data])>

    init(statuses: [Int]) { state = Mutex((statuses, [])) }

    var bodies: [Data] { state.withLock { $0.bodies } }

    func post(_ body: Data, to url: URL) async throws -> Int {
        state.withLock { state in
            state.bodies.append(body)
            return state.statuses.isEmpty ? 200 : state.statuses.removeFirst()
        }
    }
}
