import Foundation
@testable import PaymentsCore
@testable import Simulators
import Testing

/// The App Store's sheet and its one-time sales (`SimulatedAppStore`): Apple keeps its own
/// records and the merchant learns of a sale only as Apple tells one, from its signed
/// notification and the app's receipt. Runs on SQLite and, in CI, on PostgreSQL.
@Suite struct SimulatedAppStoreTests {
    private func rows(_ store: CoreFixture, _ sql: String) async throws -> [String] {
        try await store.service.storage.read { try await $0.fetchAll(String.self, StoreSQL(sql)) }
    }

    @Test func aOneTimeSaleIsTheAppStoresAndTheMerchantLearnsItFromItsNotificationAndReceipt() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        guard case let .success(transaction, booked) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "points.500")) else {
            Issue.record("the sheet did not sell"); return
        }
        // Apple numbers its own transactions, past every id the merchant ever gave.
        #expect(transaction.payload.transactionId == "2000100000000001")
        #expect(transaction.payload.appTransactionId == ada.id && transaction.payload.type == .consumable)
        #expect(try await rows(store, "SELECT id FROM appstore_transactions") == ["2000100000000001"])
        // The merchant booked it from ONE_TIME_CHARGE, keeping Apple's token, and its backend
        // credited the points when the device uploaded the receipt.
        #expect(try await rows(store, "SELECT type || ' ' || outcome FROM app_store_notifications_received")
                == ["ONE_TIME_CHARGE recorded"])
        #expect(try await rows(store, "SELECT issuer || ' ' || jws FROM transactions") == ["app_store " + transaction.jws])
        #expect(booked.invoice.status == .paid && booked.invoice.total.minorUnits == 500)
        #expect(booked.invoice.paymentMethod == Invoicing.storeSummary)
        #expect(booked.pointsCredited == 500)
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
        #expect(try await rows(store, "SELECT transaction_id FROM backend_receipts") == ["2000100000000001"])
        #expect(try await store.invariants() == [])
    }

    /// One notification per sale: the outbox sends the notification the merchant got at the sale
    /// (same `notificationUUID`), carrying the sale even where the merchant lost it.
    @Test func aSaleIsNotifiedOnceAndTheOutboxSendsWhatTheMerchantGot() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        guard case let .success(transaction, _) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "points.500")) else {
            Issue.record("the sheet did not sell"); return
        }
        let outbox = try await store.service.appStore.notifications()
        #expect(outbox.map(\.kind) == [StoreNotificationKind("ONE_TIME_CHARGE")])
        #expect(outbox.map(\.transactionID) == [transaction.payload.transactionId])
        #expect(try await rows(store, "SELECT notification_uuid FROM app_store_notifications_received") == outbox.map(\.uuid))
        try await store.service.clearAllTransactions()
        let signed = try #require(try await store.service.appStore.signedNotifications().first)
        #expect(try await store.service.receiveStoreNotification(signedPayload: signed.signedPayload) == .recorded)
        #expect(try await rows(store, "SELECT jws FROM transactions") == [try transaction.jws])
    }

    @Test func aKeyedRetryGetsTheSaleAgainAndTellsAMerchantThatHadNotHeard() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let request = StorePurchaseRequest(accountID: ada.id, productID: "themes", idempotencyKey: "sheet-1")
        let first = try await store.service.appStore.storePurchase(request)
        #expect(try await store.service.appStore.storePurchase(request) == first)
        #expect(try await rows(store, "SELECT id FROM appstore_transactions").count == 1)
        await #expect(throws: PaymentsError.idempotencyKeyReused("sheet-1")) {
            _ = try await store.service.appStore.storePurchase(
                StorePurchaseRequest(accountID: ada.id, productID: "points.500", idempotencyKey: "sheet-1"))
        }
        // The merchant forgets its side (as if the notification had been lost after Apple's
        // write): the retry tells it again, and it books the same sale once more.
        try await store.service.clearAllTransactions()
        #expect(try await store.service.entitlements(accountID: ada.id).isEmpty)
        guard case let .success(again, booked) = try await store.service.appStore.storePurchase(request),
              case let .success(original, _) = first else {
            Issue.record("the retry did not answer the sale"); return
        }
        #expect(again == original && booked.transaction == original)
        #expect(try await store.service.entitlements(accountID: ada.id).map(\.id) == ["themes"])
        #expect(try await rows(store, "SELECT id FROM appstore_transactions").count == 1)
    }

    @Test func theSheetsRequestsAreTheAppStoresAndTheMerchantHearsOfTheSaleOnly() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(askToBuy: true))
        let request = StorePurchaseRequest(accountID: ada.id, productID: "themes", idempotencyKey: "sheet-1")
        guard case let .pending(action) = try await store.service.appStore.storePurchase(request) else {
            Issue.record("ask to buy did not wait"); return
        }
        #expect(action.id == "skpend_000001")
        #expect(try await rows(store, "SELECT id FROM pending_actions").isEmpty)
        #expect(try await store.service.events(accountID: ada.id, after: nil, limit: 100).map(\.type) == [.accountCreated])
        // A retry of the request gets its answer (waiting, then what the approval bought); two
        // approvals buy once.
        #expect(try await store.service.appStore.storePurchase(request) == .pending(action))
        let approved = try await store.service.appStore.approvePurchase(pendingID: action.id)
        guard case .success = approved else { Issue.record("the approval did not buy"); return }
        #expect(try await store.service.appStore.approvePurchase(pendingID: action.id) == approved)
        #expect(try await store.service.appStore.storePurchase(request) == approved)
        #expect(try await rows(store, "SELECT id FROM appstore_transactions").count == 1)
        #expect(try await store.service.events(accountID: ada.id, after: nil, limit: 100).map(\.type)
                == [.accountCreated, .purchaseCompleted])
        // Clearing forgets the sheet's requests along with the merchant's books.
        guard case let .pending(waiting) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "points.500")) else {
            Issue.record("ask to buy did not wait"); return
        }
        let test = try await store.service.appStore.sendTestNotification()
        try await TestControlDesk(merchant: store.service, appStore: store.service.appStore).clearAllTransactions()
        await #expect(throws: PaymentsError.pendingActionNotFound(waiting.id)) {
            _ = try await store.service.appStore.pendingPurchaseStatus(pendingID: waiting.id, accountID: ada.id)
        }
        // The sale's notifications not sent yet go with it; a requested TEST stays.
        #expect(try await store.service.appStore.notifications().map(\.uuid) == [test.uuid])
    }

    /// The sheet prices from the catalog less an offer code the app's backend accepts; a second
    /// pass bought through it while the first runs extends it, as a card-bought one does.
    @Test func offerCodesAndPassesBoughtOnTheSheetAreBookedAsTheyAreSold() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        guard case let .success(discounted, booked) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "points.500", offerCode: "half")) else {
            Issue.record("the sheet did not sell"); return
        }
        #expect(discounted.payload.price == 2_500 && discounted.payload.offerIdentifier == "HALF")
        #expect(discounted.payload.offerType == .offerCode && discounted.payload.offerDiscountType == .oneTime)
        #expect(booked.invoice.total.minorUnits == 250)
        await #expect(throws: PaymentsError.invalidOfferCode(code: "HALF", reason: .alreadyRedeemed)) {
            _ = try await store.service.appStore.storePurchase(
                StorePurchaseRequest(accountID: ada.id, productID: "points.500", offerCode: "HALF"))
        }
        for _ in 0..<2 {
            guard case .success = try await store.service.appStore.storePurchase(
                StorePurchaseRequest(accountID: ada.id, productID: "pass")) else {
                Issue.record("the sheet did not sell the pass"); return
            }
        }
        let pass = try await store.service.entitlements(accountID: ada.id).first { $0.source == .nonRenewing(productID: "pass") }
        #expect(pass?.expiresAt == CoreFixture.date("2026-07-01T00:00:00Z"))
        #expect(try await store.invariants() == [])
    }

    /// Only the App Store refunds what it sold: the merchant refuses, the router asks the App
    /// Store, which revokes its sale and tells the merchant with REFUND; the merchant books the
    /// refund with the App Store's revoked token and takes the points back, once.
    @Test func aRefundOfAnAppStoreSaleIsTheAppStoresAndTheMerchantBooksItFromREFUND() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        guard case let .success(sold, booked) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "points.500")) else {
            Issue.record("the sheet did not sell"); return
        }
        let id = sold.payload.transactionId
        await #expect(throws: PaymentsError.soldByAppStore(transactionID: id)) {
            _ = try await store.service.refund(invoiceID: booked.invoice.id, idempotencyKey: nil)
        }
        let router = StoreKitRouter(merchant: store.service, appStore: store.service.appStore)
        let outcome = try await router.refund(invoiceID: booked.invoice.id, idempotencyKey: "refund-1")
        #expect(outcome.original.status == .refunded && outcome.refund.refundOf == booked.invoice.id)
        #expect(try await store.service.account(ada.id).pointsBalance == 0)
        let revoked = try await rows(store, "SELECT jws FROM appstore_transactions")
        #expect(try await rows(store, "SELECT jws FROM transactions") == revoked)
        #expect(try await store.service.verifyAppStoreTransaction(try #require(revoked.first)).verifiedPayload?.revocationDate
                == CoreFixture.start)
        #expect(try await rows(store, "SELECT type || ' ' || outcome FROM app_store_notifications_received ORDER BY type")
                == ["ONE_TIME_CHARGE recorded", "REFUND recorded"])
        #expect(try await store.service.appStore.notifications().map(\.kind.type) == ["ONE_TIME_CHARGE", "REFUND"])
        // Asked again, with the key or without, it is the same refund.
        #expect(try await router.refund(invoiceID: booked.invoice.id, idempotencyKey: "refund-1") == outcome)
        #expect(try await router.refund(invoiceID: booked.invoice.id, idempotencyKey: nil) == outcome)
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.count == 2)
        #expect(try await store.invariants() == [])
    }

    @Test func aSubscriptionIsTheAppStoresOncePerKeyAndTheMerchantMirrorsIt() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let request = StorePurchaseRequest(accountID: ada.id, productID: "pro.monthly", idempotencyKey: "sheet-1")
        guard case let .success(transaction, receipt) = try await store.service.appStore.storePurchase(request) else {
            Issue.record("the sheet did not sell"); return
        }
        #expect(receipt.subscription?.productID == "pro.monthly" && receipt.transaction == transaction)
        guard case let .success(again, replayed) = try await store.service.appStore.storePurchase(request) else {
            Issue.record("the retry did not answer the sale"); return
        }
        #expect(try again.jws == transaction.jws && replayed.invoice == receipt.invoice)
        #expect(try await store.service.subscriptions(accountID: ada.id).count == 1)
        #expect(try await rows(store, "SELECT id FROM appstore_transactions") == [transaction.payload.transactionId])
        #expect(try await rows(store, "SELECT original_transaction_id FROM appstore_subscriptions")
                == [transaction.payload.transactionId])
        #expect(try await rows(store, "SELECT original_transaction_id FROM subscriptions WHERE mirror_signed_at IS NOT NULL")
                == [transaction.payload.transactionId], "the merchant's copy is a mirror")
        #expect(transaction.payload.transactionId.hasPrefix("20001") && transaction.payload.webOrderLineItemId != nil)
        #expect(try await store.invariants() == [])
        // A second subscription in the group is refused: the customer changes plan instead.
        await #expect(throws: PaymentsError.alreadySubscribed(subscriptionID: try #require(receipt.subscription?.id))) {
            _ = try await store.service.appStore.storePurchase(StorePurchaseRequest(accountID: ada.id, productID: "max.monthly"))
        }
    }

    /// Apple's own records decide in its sale's write: an unlock it sold is not sold again to the
    /// same Apple Account though the merchant lost it, nor an offer code redeemed twice.
    @Test func theSaleChecksWhatTheAppStoreSoldNotOnlyWhatTheMerchantKnows() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        for product in ["themes", "points.500"] {
            guard case .success = try await store.service.appStore.storePurchase(
                StorePurchaseRequest(accountID: ada.id, productID: product, offerCode: product == "themes" ? nil : "HALF")) else {
                Issue.record("the sheet did not sell \(product)"); return
            }
        }
        try await store.service.clearAllTransactions()  // the merchant alone forgets
        await #expect(throws: PaymentsError.alreadyOwned(productID: "themes")) {
            _ = try await store.service.appStore.storePurchase(StorePurchaseRequest(accountID: ada.id, productID: "themes"))
        }
        await #expect(throws: PaymentsError.invalidOfferCode(code: "HALF", reason: .alreadyRedeemed)) {
            _ = try await store.service.appStore.storePurchase(
                StorePurchaseRequest(accountID: ada.id, productID: "points.500", offerCode: "HALF"))
        }
        #expect(try await rows(store, "SELECT id FROM appstore_transactions").count == 2)
    }

    /// Clearing forgets the device's unfinished receipts too: a cleared sale never comes back
    /// through a late upload.
    @Test func aClearedSaleDoesNotComeBackThroughTheDevicesQueue() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(droppedReceiptSubmissions: 1))
        guard case .success = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "points.500")) else { Issue.record("no sale"); return }
        #expect(try await rows(store, "SELECT transaction_id FROM sync_queue WHERE done_at IS NULL").count == 1)
        try await store.service.desk.clearAllTransactions()
        store.clock.advance(by: 3_600)
        #expect(try await store.service.appStore.deliverReceipts() == ReceiptSyncReport())
        #expect(try await store.service.account(ada.id).pointsBalance == 0)
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.isEmpty)
    }

    /// An approval is answered once: approving again answers the same purchase, and the request
    /// can no longer be declined.
    @Test func anApprovalBuysOnce() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(askToBuy: true))
        guard case let .pending(monthly) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "pro.monthly")) else { Issue.record("not pending"); return }
        guard case let .success(first, _) = try await store.service.appStore.approvePurchase(pendingID: monthly.id),
              case let .success(again, _) = try await store.service.appStore.approvePurchase(pendingID: monthly.id) else {
            Issue.record("the approvals did not buy"); return
        }
        #expect(try first.jws == again.jws)
        #expect(try await store.service.subscriptions(accountID: ada.id).count == 1)
        #expect(try await store.service.appStore.pendingPurchaseStatus(pendingID: monthly.id, accountID: ada.id) == .approved)
        await #expect(throws: PaymentsError.pendingActionNotFound(monthly.id)) {
            try await store.service.appStore.declinePurchase(pendingID: monthly.id)
        }
    }

    /// An approval made before approvals were keyed has no purchase to answer with: approving it
    /// again buys nothing.
    @Test func aRequestApprovedBeforeApprovalsWereKeyedIsNotBoughtAgain() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(askToBuy: true))
        guard case let .pending(action) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "pro.monthly")) else { Issue.record("not pending"); return }
        try await store.service.storage.write {
            try await $0.execute("UPDATE appstore_pending_actions SET resolution = 'approved', resolved_at = 0 WHERE id = ?",
                                 [action.id])
        }
        await #expect(throws: PaymentsError.pendingActionNotFound(action.id)) {
            _ = try await store.service.appStore.approvePurchase(pendingID: action.id)
        }
        #expect(try await store.service.subscriptions(accountID: ada.id).isEmpty)
    }

    /// A free sale (an offer code taking all of it off) has no money to give back: nothing to
    /// refund, and the App Store is not asked.
    @Test func aFreeAppStoreSaleHasNothingToRefund() async throws {
        var catalog = CoreFixture.catalog
        catalog.offerCodes.append(OfferCode(code: "GIFT", products: ["themes"], discount: .percent(100),
                                            expires: CoreFixture.date("2026-06-01T00:00:00Z")))
        let store = try await CoreFixture(catalog: catalog)
        let ada = try await store.account(card: nil)
        guard case let .success(sold, booked) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "themes", offerCode: "GIFT")) else {
            Issue.record("the sheet did not sell"); return
        }
        #expect(sold.payload.price == 0 && booked.invoice.total.minorUnits == 0)
        await #expect(throws: PaymentsError.nothingToRefund(invoiceID: booked.invoice.id)) {
            _ = try await store.service.router.refund(invoiceID: booked.invoice.id, idempotencyKey: nil)
        }
        #expect(try await rows(store, "SELECT id FROM appstore_transactions WHERE revocation_date IS NULL").count == 1)
    }

    /// The outbox may send a refund before the App Store's own delivery reaches the merchant: it
    /// carries the App Store's revoked transaction, so the merchant books the refund from it.
    @Test func aRefundSentByTheOutboxFirstCarriesTheRevokedTransaction() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        guard case let .success(sold, booked) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "themes")) else { Issue.record("no sale"); return }
        let refund = try AppStoreSale(refunding: sold.payload, at: CoreFixture.start, signedAt: CoreFixture.start,
                                      signing: store.service.appStoreSigning)
        _ = try await store.service.storage.write { transaction in
            try await AppStoreRecords(transaction).recordRefund(refund.transaction, of: ada.id, payloadJSON: refund.payloadJSON,
                                                                 notificationUUID: UUID().uuidString, at: CoreFixture.start,
                                                                 sentFrom: CoreFixture.start)
        }
        let outbox = try await store.service.appStore.signedNotifications()
        let signed = try #require(outbox.first { $0.notification.kind.type == "REFUND" }?.signedPayload)
        #expect(try await store.service.receiveStoreNotification(signedPayload: signed) == .recorded)
        #expect(try await store.service.invoice(booked.invoice.id).status == .refunded)
        #expect(try await store.service.entitlements(accountID: ada.id).isEmpty)
    }

    /// A keyed request approved since it was asked: a retry of it answers the purchase its
    /// approval made, and the approval's own key is the App Store's.
    @Test func aRetryOfAKeyedRequestApprovedSinceAnswersItsPurchase() async throws {
        let store = try await CoreFixture()
        let cara = try await store.account("cara", card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(askToBuy: true))
        let request = StorePurchaseRequest(accountID: cara.id, productID: "pro.monthly", idempotencyKey: "cara-1")
        guard case let .pending(action) = try await store.service.appStore.storePurchase(request) else {
            Issue.record("not pending"); return
        }
        #expect(try await store.service.appStore.pendingPurchaseStatus(pendingID: action.id, accountID: cara.id) == .waiting)
        guard case let .success(bought, _) = try await store.service.desk.approvePurchase(pendingID: action.id) else {
            Issue.record("the approval did not buy"); return
        }
        #expect(try await store.service.appStore.pendingPurchaseStatus(pendingID: action.id, accountID: cara.id) == .approved)
        guard case let .success(answered, _) = try await store.service.appStore.storePurchase(request) else {
            Issue.record("the retry did not answer the purchase"); return
        }
        #expect(try answered.jws == bought.jws)
        #expect(try await store.service.subscriptions(accountID: cara.id).count == 1)
        await #expect(throws: PaymentsError.invalidInput(field: "idempotencyKey",
                                                         message: "keys starting \"approval:\" are the App Store's own")) {
            _ = try await store.service.appStore.storePurchase(
                StorePurchaseRequest(accountID: cara.id, productID: "points.500", idempotencyKey: "approval:skpend_000009"))
        }
    }
}

extension SimulatedAppStoreTests {
    /// A receipt the in-core store queued before its transaction was signed (kept so by v28) is
    /// signed by the App Store from its own copy when the device sends it, and the copy keeps it.
    @Test func aReceiptQueuedWithoutItsTokenIsSignedByTheAppStoreWhenSent() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(droppedReceiptSubmissions: 1))
        guard case let .success(sold, _) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "points.500")) else {
            Issue.record("the sheet did not sell"); return
        }
        try await store.service.storage.write { work in
            try await work.execute("UPDATE sync_queue SET jws = ''")
            try await work.execute("UPDATE appstore_transactions SET jws = ''")
        }
        try await store.advance(days: 1)
        #expect(try await rows(store, "SELECT transaction_id FROM backend_receipts") == [sold.payload.transactionId])
        let kept = try await rows(store, "SELECT jws FROM appstore_transactions")
        #expect(kept.count == 1 && kept != [""])
        let verified = try await store.service.verifyAppStoreTransaction(try #require(kept.first))
        #expect(verified.verifiedPayload == sold.payload)
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
    }
}
