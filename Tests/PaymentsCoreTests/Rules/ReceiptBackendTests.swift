import Foundation
import Testing
@testable import PaymentsCore

@Suite struct ReceiptBackendTests {
    func storeBuy(_ store: CoreFixture, _ account: Account, _ product: String) async throws -> SignedTransaction {
        guard case let .success(transaction, _) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: account.id, productID: product)) else { throw FixtureError.missing("success") }
        return transaction
    }

    @Test func sameTransactionTwiceCreditsOnceAndSaysDuplicate() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let transaction = try await storeBuy(store, ada, "points.500")  // delivered by the sync queue at once
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
        let again = try await store.service.recordReceipt(
            ReceiptSubmission(userID: ada.id, productID: "points.500", receipt: transaction.jws))
        #expect(again.isDuplicate && again.pointsCredited == 0 && again.purchaseStatus == .paid)
        #expect(again.transactionID == transaction.payload.transactionId && again.storefrontCountry == "USA")
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
        #expect(try await store.invariants() == [])
    }

    @Test func typedErrorsForBadSubmissions() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let bob = try await store.account("bob", card: nil)
        let transaction = try await storeBuy(store, ada, "points.500")
        let jws = try transaction.jws
        let cases: [(ReceiptSubmission, ReceiptBackendError)] = [
            (ReceiptSubmission(userID: ada.id, productID: "points.500", receipt: " "), .noReceipt),
            (ReceiptSubmission(userID: "acct_nope", productID: "points.500", receipt: jws), .userNotFound("acct_nope")),
            (ReceiptSubmission(userID: ada.id, productID: "gold", receipt: jws), .planNotFound("gold")),
            (ReceiptSubmission(userID: bob.id, productID: "points.500", receipt: jws),
             .duplicatePurchase(transactionID: transaction.payload.transactionId)),
        ]
        for (submission, expected) in cases {
            await #expect(throws: PaymentsError.receipt(expected)) { _ = try await store.service.recordReceipt(submission) }
        }
        let forged = String(jws.dropLast(2)) + (jws.hasSuffix("AA") ? "BA" : "AA")
        do {
            _ = try await store.service.recordReceipt(ReceiptSubmission(userID: ada.id, productID: "points.500", receipt: forged))
            Issue.record("a forged receipt was recorded")
        } catch let PaymentsError.receipt(.invalidReceipt(reason)) {
            #expect(!reason.isEmpty)
        }
        #expect(ReceiptBackendError.network.userMessage.contains("will be recorded"))
    }

    @Test func verifyOnlyChecksWithoutRecording() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(droppedReceiptSubmissions: 1))
        let transaction = try await storeBuy(store, ada, "points.500")
        let check = try await store.service.verifyReceipt(
            ReceiptSubmission(userID: ada.id, productID: "points.500", receipt: transaction.jws))
        #expect(check.pointsCredited == 500 && !check.isDuplicate)
        #expect(try await store.service.account(ada.id).pointsBalance == 0)
    }

    @Test func pendingThenPaidCreditsWhenPaid() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(droppedReceiptSubmissions: 1))
        let transaction = try await storeBuy(store, ada, "points.500")
        var submission = ReceiptSubmission(userID: ada.id, productID: "points.500", receipt: try transaction.jws, status: .pending)
        #expect(try await store.service.recordReceipt(submission).pointsCredited == 0)
        submission.status = .paid
        let paid = try await store.service.recordReceipt(submission)
        #expect(paid.pointsCredited == 500 && paid.isDuplicate)
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
    }

    @Test func droppedNetworkQueuesTheReceiptAndRetriesWithBackoffUntilItLandsOnce() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(droppedReceiptSubmissions: 3))
        _ = try await storeBuy(store, ada, "points.500")  // attempt 1 dropped
        #expect(try await store.service.account(ada.id).pointsBalance == 0)
        #expect(try await store.service.appStore.deliverReceipts().waiting == 1)  // not due yet: nothing tried
        store.clock.advance(by: 2)
        #expect(try await store.service.appStore.deliverReceipts().failed == 1)  // attempt 2 dropped, next in 4 s
        store.clock.advance(by: 3)
        #expect(try await store.service.appStore.deliverReceipts() == ReceiptSyncReport(delivered: 0, failed: 0, waiting: 1))
        store.clock.advance(by: 1)
        #expect(try await store.service.appStore.deliverReceipts().failed == 1)  // attempt 3 dropped, next in 8 s
        store.clock.advance(by: 8)
        #expect(try await store.service.appStore.deliverReceipts() == ReceiptSyncReport(delivered: 1, failed: 0, waiting: 0))
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
        #expect(try await store.service.appStore.deliverReceipts() == ReceiptSyncReport())
        #expect(try await store.invariants() == [])
    }

    @Test func backendUnreachableForAWhileThenDuplicatesTolerated() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(
            duplicateReceiptSubmissions: true, backendUnreachableUntil: CoreFixture.start.addingTimeInterval(60)))
        _ = try await storeBuy(store, ada, "points.500")
        _ = try await storeBuy(store, ada, "points.500")
        #expect(try await store.service.account(ada.id).pointsBalance == 0)
        store.clock.advance(by: 61)
        let report = try await store.service.appStore.deliverReceipts()
        #expect(report.delivered == 2 && report.waiting == 0)
        #expect(try await store.service.account(ada.id).pointsBalance == 1000)
        #expect(try await store.invariants() == [])
    }
}

@Suite struct ReceiptBackendServerErrorTests {
    @Test func serverErrorsAreTransientTheReceiptIsRetriedAndLandsOnce() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        try await store.service.desk.updateStoreControls(StoreControls(backendServerErrors: 1))
        _ = try await ReceiptBackendTests().storeBuy(store, ada, "points.500")
        #expect(try await store.service.account(ada.id).pointsBalance == 0)
        #expect(ReceiptBackendError.server("x").isTransient && !ReceiptBackendError.noReceipt.isTransient)
        store.clock.advance(by: 2)
        #expect(try await store.service.appStore.deliverReceipts().delivered == 1)
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
        try await store.service.desk.updateStoreControls(StoreControls(backendServerErrors: 1))
        let transaction = try #require(try await store.service.transactions(accountID: ada.id, limit: 1).first)
        await #expect(throws: PaymentsError.receipt(.server("HTTP 500 from the receipt endpoint"))) {
            _ = try await store.service.recordReceipt(
                ReceiptSubmission(userID: ada.id, productID: "points.500", receipt: transaction.jws))
        }
        #expect(try await store.invariants() == [])
    }
}

extension ReceiptSyncReport {
    init(delivered: Int, failed: Int, waiting: Int) {
        self.init()
        self.delivered = delivered
        self.failed = failed
        self.waiting = waiting
    }
}

@Suite struct TestCardsThroughTheCoreTests {
    static let cards: [(String, String)] = [
        ("4242424242424242", "paid"), ("4000000000000002", "card_declined_on_attach"),
        ("4000000000009995", "card_declined_on_attach"), ("4000000000009987", "card_declined_on_attach"),
        ("4000000000009979", "card_declined_on_attach"), ("4000000000000069", "card_declined_on_attach"),
        ("4000000000000127", "card_declined_on_attach"), ("4000000000000119", "card_declined_on_attach"),
        ("4242424242424241", "rejected"), ("4000000000000341", "declined"), ("4000002500003155", "challenge"),
        ("4100000000000019", "card_declined_on_attach"), ("5555555555554444", "paid"), ("378282246310005", "paid"),
    ]

    @Test(arguments: cards)
    func eachTestCardBehavesAsInStripeTestMode(number: String, expected: String) async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let cvc = number.hasPrefix("37") ? "1234" : "123"
        let outcome: String
        do {
            _ = try await store.service.addCard(accountID: ada.id, card: CardDetails(
                number: number, expiryMonth: 12, expiryYear: 2030, cvc: cvc), makeDefault: true)
            switch try await store.service.purchase(PurchaseRequest(accountID: ada.id, productID: "themes")) {
            case .purchased: outcome = "paid"
            case .declined: outcome = "declined"
            case .requiresAction: outcome = "challenge"
            }
        } catch PaymentsError.cardDeclined {
            outcome = "card_declined_on_attach"
        } catch PaymentsError.cardRejected {
            outcome = "rejected"
        }
        #expect(outcome == expected)
        #expect(try await store.invariants() == [])
    }
}
