import Foundation
import Testing
@testable import PaymentsCore

/// The merchant's App Store Server Notifications V2 endpoint: it books what the App Store sold from
/// the signed data alone, once per notification and once per transaction, and refuses what does
/// not verify against the App Store's root.
@Suite struct AppStoreNotificationEndpointTests {
    func invoiceCount(_ store: CoreFixture, _ account: Account) async throws -> Int {
        try await store.service.invoices(accountID: account.id, query: InvoiceQuery()).items.count
    }

    func ownsThemes(_ store: CoreFixture, _ account: Account) async throws -> Bool {
        try await store.service.entitlements(accountID: account.id).contains { $0.id == "themes" }
    }

    /// Proof on real traffic: every notification the in-process App Store sends about what it
    /// sold or bills tells the merchant nothing new (each reached it when it happened, so its
    /// delivery from the outbox is already a duplicate), and a second delivery of each is one too.
    @Test func replayingEveryNotificationOfTheInProcessStoreChangesNothing() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        for product in ["points.500", "themes", "pro.monthly"] {
            guard case .success = try await store.service.appStore.storePurchase(StorePurchaseRequest(accountID: ada.id, productID: product))
            else { throw FixtureError.missing("store purchase of \(product)") }
        }
        try await store.advance(days: 40)
        let points = try #require(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items
            .first { $0.productID == "points.500" })
        _ = try await store.service.router.refund(invoiceID: points.id, idempotencyKey: nil)
        _ = try await store.service.appStore.sendTestNotification()
        let signed = try await store.service.appStore.signedNotifications()
        #expect(signed.count >= 6, "ONE_TIME_CHARGE x2, SUBSCRIBED, DID_RENEW, REFUND, TEST")
        let (feed, invoices, wallet) = (try await store.service.feedPosition(accountID: nil), try await invoiceCount(store, ada),
                                        try await store.service.account(ada.id).pointsBalance)
        for (notification, payload) in signed {
            let outcome = try await store.service.receiveStoreNotification(signedPayload: payload)
            // The App Store told the merchant each of its own as it happened, with the same uuid.
            let expected: StoreNotificationOutcome = notification.kind.type == "TEST" ? .acknowledged : .duplicate
            #expect(outcome == expected, "\(notification.kind)")
        }
        for (_, payload) in signed {
            #expect(try await store.service.receiveStoreNotification(signedPayload: payload) == .duplicate)
        }
        #expect(try await store.service.feedPosition(accountID: nil) == feed)
        #expect(try await invoiceCount(store, ada) == invoices)
        #expect(try await store.service.account(ada.id).pointsBalance == wallet)
        #expect(try await store.invariants() == [])
    }

    @Test func aOneTimePurchaseTheStoreNeverSawIsBookedOnceFromTheNotification() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let apple = try AppStoreSigner(store)
        let jws = try apple.transaction("2000000999000001", product: "themes", type: .nonConsumable, price: 15_000, owner: ada.id)
        let notification = try apple.notification("ONE_TIME_CHARGE", transaction: jws)
        #expect(try await !ownsThemes(store, ada))

        #expect(try await store.service.receiveStoreNotification(signedPayload: notification) == .recorded)
        #expect(try await ownsThemes(store, ada))
        let invoice = try #require(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.first)
        #expect(invoice.status == .paid && invoice.total.minorUnits == 1_500 && invoice.productID == "themes")
        #expect(invoice.paymentMethod?.brand == "Store account")
        let booked = try #require(try await store.service.allTransactions(accountID: ada.id).first)
        #expect(try booked.transaction.jws == jws, "the App Store's token is kept, never signed again")
        #expect(booked.issuer == .appStore)

        #expect(try await store.service.receiveStoreNotification(signedPayload: notification) == .duplicate)
        let again = try apple.notification("ONE_TIME_CHARGE", transaction: jws)
        #expect(try await store.service.receiveStoreNotification(signedPayload: again) == .alreadyKnown)
        #expect(try await invoiceCount(store, ada) == 1)
        #expect(try await store.invariants() == [])
    }

    @Test func aRefundIsBookedWithTheAppStoresRevokedToken() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let apple = try AppStoreSigner(store)
        let id = "2000000999000002"
        let sold = try apple.transaction(id, product: "themes", type: .nonConsumable, price: 15_000, owner: ada.id)
        _ = try await store.service.receiveStoreNotification(signedPayload: try apple.notification("ONE_TIME_CHARGE", transaction: sold))
        let revoked = try apple.transaction(id, product: "themes", type: .nonConsumable, price: 15_000, owner: ada.id, revoked: true)
        let refund = try apple.notification("REFUND", transaction: revoked)

        #expect(try await store.service.receiveStoreNotification(signedPayload: refund) == .recorded)
        #expect(try await !ownsThemes(store, ada))
        let invoices = try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items
        #expect(Set(invoices.map(\.status)) == [.refunded])
        #expect(invoices.count == 2)
        let booked = try #require(try await store.service.allTransactions(accountID: ada.id).first)
        #expect(try booked.transaction.jws == revoked && booked.transaction.payload.revocationDate != nil)

        #expect(try await store.service.receiveStoreNotification(signedPayload: refund) == .duplicate)
        let again = try apple.notification("REFUND", transaction: revoked)
        #expect(try await store.service.receiveStoreNotification(signedPayload: again) == .alreadyKnown)
        #expect(try await store.invariants() == [])
    }

    /// A refund can arrive first (the sale's notification was lost): the sale is booked, then refunded.
    @Test func aRefundOfASaleNeverBookedBooksTheSaleAndItsRefund() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let apple = try AppStoreSigner(store)
        let revoked = try apple.transaction("2000000999000003", product: "pass", type: .nonRenewingSubscription,
                                            price: 30_000, owner: ada.id, revoked: true)
        #expect(try await store.service.receiveStoreNotification(signedPayload: try apple.notification("REFUND", transaction: revoked))
                == .recorded)
        let invoices = try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items
        #expect(invoices.map(\.kind).sorted { $0.rawValue < $1.rawValue } == [.oneTime, .refund])
        #expect(try await store.service.entitlements(accountID: ada.id).isEmpty)
        #expect(try await store.invariants() == [])
    }

    @Test func whatTheStoreCannotBookIsIgnoredAndNothingChanges() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let apple = try AppStoreSigner(store)
        let feed = try await store.service.feedPosition(accountID: nil)
        let cases = [
            try apple.transaction("2000000999000004", product: "themes", type: .nonConsumable, price: 15_000, owner: "acct_nobody"),
            try apple.transaction("2000000999000005", product: "no.such.product", type: .consumable, price: 1_000, owner: ada.id),
            try apple.transaction("2000000999000006", product: "themes", type: .consumable, price: 15_000, owner: ada.id),
            try apple.transaction("2000000999000007", product: "themes", type: .nonConsumable, price: 15_005, owner: ada.id),
            try apple.transaction("2000000999000008", product: "pro.monthly", type: .autoRenewableSubscription, price: 10_000,
                                  owner: ada.id),
        ]
        for jws in cases {
            let outcome = try await store.service.receiveStoreNotification(signedPayload: try apple.notification("ONE_TIME_CHARGE", transaction: jws))
            guard case .ignored = outcome else { Issue.record("expected ignored, got \(outcome)"); continue }
        }
        #expect(try await store.service.feedPosition(accountID: nil) == feed)
        #expect(try await invoiceCount(store, ada) == 0)
    }

    @Test func whatDoesNotVerifyIsRefusedWithTheFieldAndNothingIsApplied() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let apple = try AppStoreSigner(store)
        let other = try AppStoreSigner(try await CoreFixture())
        let merchantSale = try #require(try await store.buy(ada, "themes").transaction).jws
        let genuine = try apple.transaction("2000000999000009", product: "points.500", type: .consumable, price: 5_000, owner: ada.id)
        let refused: [(String, String)] = [
            ("signedPayload", "not a token"),
            ("signedPayload", try other.notification("ONE_TIME_CHARGE", transaction: genuine)),
            ("signedPayload.data.bundleId", try apple.notification("ONE_TIME_CHARGE", transaction: genuine, bundleID: "com.other.app")),
            ("signedPayload.data.signedTransactionInfo",
             try apple.notification("ONE_TIME_CHARGE", transaction: try other.transaction(
                "2000000999000010", product: "points.500", type: .consumable, price: 5_000, owner: ada.id))),
            ("signedPayload.data.signedTransactionInfo", try apple.notification("ONE_TIME_CHARGE", transaction: merchantSale)),
            ("signedPayload.data.signedTransactionInfo.bundleId", try apple.notification("ONE_TIME_CHARGE", transaction: try apple.transaction(
                "2000000999000011", product: "points.500", type: .consumable, price: 5_000, owner: ada.id, bundleID: "com.other.app"))),
        ]
        let invoices = try await invoiceCount(store, ada)
        for (field, payload) in refused {
            do {
                let outcome = try await store.service.receiveStoreNotification(signedPayload: payload)
                Issue.record("\(field): accepted as \(outcome)")
            } catch let PaymentsError.invalidInput(refusedField, _) {
                #expect(refusedField == field)
            }
        }
        #expect(try await invoiceCount(store, ada) == invoices)
        #expect(try await store.service.storage.read {
            try await $0.fetchOne(Int.self, "SELECT COUNT(*) FROM app_store_notifications_received")
        } == 0)
    }

    /// The app may reach its backend before the App Store's notification reaches the store: the
    /// verified receipt books the sale, credits its points once, and the notification then finds it known.
    @Test func aReceiptOfASaleTheStoreNeverSawIsBookedAndCreditedOnce() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let bob = try await store.account("bob")
        let apple = try AppStoreSigner(store)
        let jws = try apple.transaction("2000000999000012", product: "points.500", type: .consumable, price: 5_000, owner: ada.id)
        let submission = ReceiptSubmission(userID: ada.id, productID: "points.500", receipt: jws)

        let checked = try await store.service.verifyReceipt(submission)
        #expect(checked.pointsCredited == 500 && !checked.isDuplicate)
        #expect(try await invoiceCount(store, ada) == 0, "checking books nothing")
        await #expect(throws: PaymentsError.receipt(.duplicatePurchase(transactionID: "2000000999000012"))) {
            _ = try await store.service.recordReceipt(ReceiptSubmission(userID: bob.id, productID: "points.500", receipt: jws))
        }

        let recorded = try await store.service.recordReceipt(submission)
        #expect(recorded.pointsCredited == 500 && !recorded.isDuplicate)
        #expect(try await store.service.recordReceipt(submission).isDuplicate)
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
        #expect(try await store.service.receiveStoreNotification(
            signedPayload: try apple.notification("ONE_TIME_CHARGE", transaction: jws)) == .alreadyKnown)
        #expect(try await invoiceCount(store, ada) == 1)
        #expect(try await store.invariants() == [])
    }

    /// The App Store may send a pass without `expiresDate`: it ends after the catalog's duration,
    /// never becoming a lifetime entitlement.
    @Test func aPassWithoutAnExpiryEndsAfterTheCatalogsDuration() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let apple = try AppStoreSigner(store)
        let jws = try apple.transaction("2000000999000013", product: "pass", type: .nonRenewingSubscription, price: 30_000,
                                        owner: ada.id, passExpires: false)
        #expect(try await store.service.receiveStoreNotification(
            signedPayload: try apple.notification("ONE_TIME_CHARGE", transaction: jws)) == .recorded)
        let premium = try #require(try await store.service.entitlements(accountID: ada.id).first { $0.id == "premium" })
        #expect(premium.expiresAt == (try ISODuration(months: 3).advance(store.clock.now.wholeSeconds)))
    }

    /// Decided by the notification's type: one this store does not apply is kept as ignored, even
    /// when its transaction is known, so its effect is never taken for done.
    @Test func aNotificationTypeTheStoreDoesNotApplyIsIgnoredNotKnown() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let apple = try AppStoreSigner(store)
        let jws = try apple.transaction("2000000999000014", product: "themes", type: .nonConsumable, price: 15_000, owner: ada.id)
        _ = try await store.service.receiveStoreNotification(signedPayload: try apple.notification("ONE_TIME_CHARGE", transaction: jws))
        let outcome = try await store.service.receiveStoreNotification(
            signedPayload: try apple.notification("REFUND_REVERSED", transaction: jws))
        #expect(outcome == .ignored("REFUND_REVERSED is not a notification this store applies"))
    }

    @Test func aReceiptForAnotherAppIsNotBooked() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let apple = try AppStoreSigner(store)
        let jws = try apple.transaction("2000000999000015", product: "points.500", type: .consumable, price: 5_000, owner: ada.id,
                                        bundleID: "com.other.app")
        await #expect(throws: PaymentsError.self) {
            _ = try await store.service.recordReceipt(ReceiptSubmission(userID: ada.id, productID: "points.500", receipt: jws))
        }
        #expect(try await invoiceCount(store, ada) == 0)
        #expect(try await store.service.account(ada.id).pointsBalance == 0)
    }
}
