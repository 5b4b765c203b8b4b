import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore
import Testing

/// The test-control API's switches, pending actions, snapshots and resets, and the customer's
/// answer to a 3-D Secure challenge.
@Suite struct StoreControlAPITests {
    @Test func askToBuyWaitsForTheParentThenApprovalBuysAndDeclineChargesNothing() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let controls = try await fixture.admin.putStoreControls(body: .json(.init(askToBuy: true))).ok.body.json
        #expect(controls.askToBuy == true)
        #expect(try await fixture.desk.storeControls().askToBuy)

        for product in ["points.500", "themes.lifetime"] {
            guard case .pending = try await fixture.appStore.storePurchase(StorePurchaseRequest(accountID: ann.id, productID: product)) else {
                Issue.record("ask to buy did not wait for \(product)")
                return
            }
        }
        let waiting = try await fixture.admin.listPendingActions(query: .init(accountId: ann.id)).ok.body.json
        #expect(waiting.map(\.kind) == [.askToBuy, .askToBuy])
        #expect(waiting.map(\.productId) == ["points.500", "themes.lifetime"])

        let approved = try await fixture.admin.approvePendingPurchase(path: .init(pendingActionId: waiting[0].id)).ok.body.json
        #expect(approved.outcome == .success && approved.signedTransaction?.split(separator: ".").count == 3)
        _ = try await fixture.admin.declinePendingPurchase(path: .init(pendingActionId: waiting[1].id)).noContent
        #expect(try await fixture.admin.listPendingActions(query: .init(accountId: ann.id)).ok.body.json.isEmpty)
        let products = try await fixture.service.invoices(accountID: ann.id, query: InvoiceQuery()).items.map(\.productID)
        #expect(products == ["points.500"])
    }

    @Test func controlsRoundTripAndOutOfRangeValuesAreRefusedNamingTheField() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let wanted = Components.Schemas.StoreControls(
            renewalsFail: true, faults: [.init(operation: .purchase, error: .networkError, remaining: 2)],
            droppedReceiptSubmissions: 3, backendServerErrors: 1)
        _ = try await fixture.admin.putStoreControls(body: .json(wanted)).ok
        let stored = try await fixture.desk.storeControls()
        #expect(stored.renewalsFail && stored.droppedReceiptSubmissions == 3 && stored.backendServerErrors == 1)
        #expect(stored.faults == [StoreFault(operation: .purchase, error: .networkError, remaining: 2)])
        let read = try await fixture.admin.getStoreControls().ok.body.json
        #expect(read.faults?.first?.remaining == 2 && read.renewalsFail == true)

        let refused = try await fixture.raw("PUT", "/v1/admin/store-controls", key: fixture.adminKey.value,
                                            body: #"{"dropped_receipt_submissions": 5000}"#)
        #expect(refused.status == 400 && refused.body.contains("dropped_receipt_submissions"))
        let unknown = try await fixture.raw("PUT", "/v1/admin/store-controls", key: fixture.adminKey.value,
                                            body: #"{"faults":[{"operation":"teleport","error":"unknown"}]}"#)
        #expect(unknown.status == 400)
        #expect(try await fixture.desk.storeControls().droppedReceiptSubmissions == 3)
    }

    @Test func aSnapshotRestoresTheStoreAndClearAndResetDoWhatTheySay() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        _ = try await fixture.admin.saveSnapshot(body: .json(.init(name: "before-purchase"))).noContent
        #expect(try await fixture.admin.listSnapshots().ok.body.json == ["before-purchase"])
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "themes.lifetime"))).ok
        #expect(try await ann.client.listInvoices().ok.body.json.items.count == 1)

        _ = try await fixture.admin.restoreSnapshot(path: .init(snapshotName: "before-purchase")).noContent
        #expect(try await ann.client.listInvoices().ok.body.json.items.isEmpty)
        let missing = try await fixture.raw("POST", "/v1/admin/snapshots/no-such/restore", key: fixture.adminKey.value)
        #expect(missing.status == 404)

        _ = try await ann.client.createPurchase(body: .json(.init(productId: "themes.lifetime"))).ok
        _ = try await fixture.admin.clearAllTransactions().noContent
        #expect(try await fixture.service.accounts().count == 1)
        #expect(try await fixture.service.transactions(accountID: ann.id, limit: 10).isEmpty)

        _ = try await fixture.admin.putStoreControls(body: .json(.init(askToBuy: true, renewalsFail: true))).ok
        _ = try await fixture.admin.resetStore().noContent
        #expect(try await fixture.desk.storeControls() == StoreControls())
        #expect(try await fixture.service.accounts().count == 1)
    }

    @Test func aThreeDSecureChallengeIsAnsweredByItsOwnCustomerOnly() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann", card: "4000002760003184")
        let bob = try await fixture.customer("bob")
        let started = try await ann.client.createPurchase(body: .json(.init(productId: "themes.lifetime"))).ok.body.json
        #expect(started.outcome == .requiresAction)
        let pending = try #require(started.pendingActionId)
        #expect(started.pendingAction?.id == pending && started.pendingAction?.kind == .threeDSecure)

        let stolen = try await fixture.raw("POST", "/v1/purchases/\(pending)/authentication", key: bob.key,
                                           body: #"{"approved":true}"#)
        #expect(stolen.status == 404)
        let finished = try await ann.client.completeAuthentication(path: .init(pendingActionId: pending),
                                                                   body: .json(.init(approved: true))).ok.body.json
        #expect(finished.outcome == .purchased && finished.entitlements == ["themes"])
        #expect(try await fixture.service.checkInvariants() == [])
    }
}

/// Buying on the store account and consenting to a price increase, for the caller only.
@Suite struct StorePurchaseAPITests {
    @Test func aStorePurchaseIsSignedAndARetryReturnsTheSameTransaction() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let token = UUID()
        let bought = try await ann.client.createStorePurchase(
            headers: .init(idempotencyKey: "store-1"),
            body: .json(.init(productId: "themes.lifetime", appAccountToken: token.uuidString))).ok.body.json
        #expect(bought.outcome == .success)
        let jws = try #require(bought.signedTransaction)
        guard case let .verified(payload) = try await fixture.service.verifyTransaction(jws) else {
            Issue.record("the store transaction does not verify")
            return
        }
        #expect(payload.productId == "themes.lifetime" && payload.appAccountToken == token)
        let retry = try await ann.client.createStorePurchase(
            headers: .init(idempotencyKey: "store-1"),
            body: .json(.init(productId: "themes.lifetime", appAccountToken: token.uuidString))).ok.body.json
        #expect(retry.invoice?.id == bought.invoice?.id)
        let badToken = try await fixture.raw("POST", "/v1/store-purchases", key: ann.key,
                                             body: #"{"product_id":"points.500","app_account_token":"nope"}"#)
        #expect(badToken.status == 400 && badToken.body.contains("app_account_token"))
    }

    /// The app asks how its own ask-to-buy request stands; another customer's id is 404.
    @Test func aPendingStorePurchaseAnswersItsCustomerOnly() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        try await fixture.desk.updateStoreControls(StoreControls(askToBuy: true))
        let asked = try await ann.client.createStorePurchase(headers: .init(idempotencyKey: "ask-1"),
                                                             body: .json(.init(productId: "themes.lifetime"))).ok.body.json
        let id = try #require(asked.pendingActionId)
        let waiting = try await ann.client.getPendingStorePurchase(path: .init(pendingActionId: id)).ok.body.json
        #expect(waiting.pendingActionId == id && waiting.status == .waiting)
        let stolen = try await fixture.raw("GET", "/v1/store-purchases/pending/\(id)", key: bob.key)
        #expect(stolen.status == 404 && stolen.body.contains("not-found"))
        let unknown = try await fixture.raw("GET", "/v1/store-purchases/pending/pend_nope", key: ann.key)
        #expect(unknown.status == 404)
        _ = try await fixture.admin.declinePendingPurchase(path: .init(pendingActionId: id))
        #expect(try await ann.client.getPendingStorePurchase(path: .init(pendingActionId: id)).ok.body.json.status == .declined)
    }

    @Test func aPriceIncreaseWaitsForItsOwnCustomersConsent() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        let subscription = try #require(try await ann.client.createPurchase(body: .json(.init(productId: "pro.yearly")))
            .ok.body.json.subscriptionId)
        let consent = try await fixture.admin.requestPriceIncrease(path: .init(subscriptionId: subscription),
                                                                   body: .json(.init(newPrice: 12_999))).created.body.json
        #expect(consent.kind == .priceIncrease && consent.newPrice?.amount == 12_999)
        let stolen = try await fixture.raw("POST", "/v1/price-increases/\(consent.id)", key: bob.key, body: #"{"accept":true}"#)
        #expect(stolen.status == 404)
        let declined = try await ann.client.answerPriceIncrease(path: .init(pendingActionId: consent.id),
                                                                body: .json(.init(accept: false))).ok.body.json
        #expect(!declined.willAutoRenew)
        #expect(try await fixture.admin.listPendingActions(query: .init(accountId: ann.id)).ok.body.json.isEmpty)
    }
}
