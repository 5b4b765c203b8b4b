import Foundation
import Testing
@testable import PaymentsCore

/// A purchase signs nothing inside its write transaction, and a token is signed at most once in
/// its life: whoever reads it first signs it, and every later reader gets the same token.
@Suite struct SignaturesPerPurchaseTests {
    @Test func cardPurchaseWithAKeySignsOnceOutsideItsWrite() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "themes", key: "key-1")
        #expect(store.service.signatures == SignatureCount(total: 0, insideWrites: 0))

        let token = try #require(receipt.transaction).jws
        #expect(store.service.signatures == SignatureCount(total: 1, insideWrites: 0))

        // The retry gets the same token, before and after a write has stored it in the row.
        let replay = try await store.buy(ada, "themes", key: "key-1")
        #expect(try #require(replay.transaction).jws == token)
        #expect(replay == receipt, "a replay answers exactly what the purchase answered")
        let listed = try await store.service.transactions(accountID: ada.id, limit: 10)
        #expect(try listed.map { try $0.jws } == [token])
        let replayAgain = try await store.buy(ada, "themes", key: "key-1")
        #expect(try #require(replayAgain.transaction).jws == token)
        #expect(store.service.signatures == SignatureCount(total: 1, insideWrites: 0))
        #expect(try await store.invariants() == [])
        #expect(store.service.signatures == SignatureCount(total: 1, insideWrites: 0))
    }

    @Test func aTokenNobodyReadIsSignedOnceByItsFirstReader() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.monthly", key: "key-1")
        try await store.advance(days: 40)  // the trial ends and the plan renews: tokens nobody read
        _ = try await store.service.transactions(accountID: ada.id, limit: 10)  // reading the list signs nothing yet
        #expect(store.service.signatures == SignatureCount(total: 0, insideWrites: 0))
        let tokens = try await store.service.transactions(accountID: ada.id, limit: 10).map { try $0.jws }
        #expect(tokens.count >= 2 && store.service.signatures.total == tokens.count)
        let again = try await store.service.transactions(accountID: ada.id, limit: 10).map { try $0.jws }
        #expect(again == tokens && store.service.signatures.total == tokens.count)
        #expect(store.service.signatures.insideWrites == 0)
    }

    /// The count can fail: a token first read inside a write is counted as signed there, whichever
    /// thread each statement of the write ran on.
    @Test func aTokenFirstReadInsideAWriteIsCountedThere() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        _ = try await store.buy(ada, "pro.monthly", key: "key-1")
        let token = try await store.service.write { work in
            try await work.transactionIssuer.transactions(accountID: ada.id, limit: 1).first?.jws
        }
        #expect(token != nil)
        #expect(store.service.signatures == SignatureCount(total: 1, insideWrites: 1))
    }

    @Test func theAppStoreSignsItsSaleAndTheMerchantSignsNothingOfIt() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        guard case let .success(transaction, booked) = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "points.500", idempotencyKey: "key-1")) else {
            Issue.record("the store purchase did not succeed"); return
        }
        // The device delivered the receipt at once, and the merchant keeps the App Store's token
        // as it came: it verified it and its notification, and signed nothing.
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
        #expect(booked.pointsCredited == 500)
        let kept = try await store.service.transactions(accountID: ada.id, limit: 10).map { try $0.jws }
        #expect(try kept == [transaction.jws])
        #expect(try booked.transaction?.jws == transaction.jws)
        #expect(store.service.signatures == SignatureCount(total: 0, insideWrites: 0))
        #expect(try await store.service.verifyAppStoreTransaction(transaction.jws).verifiedPayload?.transactionId == transaction.payload.transactionId)
    }

    @Test func upgradeAndRefundSignNothingInsideTheirWrites() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let first = try await store.buy(ada, "pro.yearly", key: "key-1")
        let firstToken = try #require(first.transaction).jws
        let subscription = try await store.subscription(ada)
        let change = try await store.service.changePlan(PlanChangeRequest(subscriptionID: subscription.id,
                                                                          toProductID: "max.yearly", idempotencyKey: "key-2"))
        #expect(store.service.signatures.insideWrites == 0, "\(change)")
        let invoices = try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items
        _ = try await store.service.refund(invoiceID: try #require(invoices.first).id, idempotencyKey: "key-3")
        #expect(store.service.signatures.insideWrites == 0)

        // The upgraded-from transaction is signed again with what changed, not left with its old token.
        let upgradedFrom = try #require(try await store.service.transactions(accountID: ada.id, limit: 10)
            .first { $0.payload.transactionId == first.transaction?.payload.transactionId })
        #expect(try upgradedFrom.jws != firstToken)
        guard case let .verified(payload) = try await store.service.verifyTransaction(try upgradedFrom.jws) else {
            Issue.record("the upgraded-from token does not verify"); return
        }
        #expect(payload.isUpgraded == true && payload.revocationDate != nil)
        #expect(store.service.signatures.insideWrites == 0)
    }
}

extension SignaturesPerPurchaseTests {
    /// A server stops with tokens its last answers signed: storing them keeps a restarted store
    /// from signing them again.
    @Test func tokensSignedAfterTheLastWriteSurviveARestart() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "themes", key: "key-1")
        let token = try #require(receipt.transaction).jws
        try await store.service.storeSignedTokens()

        let reopened = try await store.reopen()
        #expect(try await reopened.transactions(accountID: ada.id, limit: 10).map { try $0.jws } == [token])
        #expect(reopened.signatures.total == 0)
    }
}

extension SignaturesPerPurchaseTests {
    /// The first answer's transaction was unsigned and kept as its payload text; after a refund the
    /// row says "revoked", and a replay still answers the transaction the purchase gave, with a token
    /// of exactly that payload.
    @Test func aReplayAfterARefundAnswersTheTransactionThePurchaseGave() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let receipt = try await store.buy(ada, "themes", key: "key-1")
        _ = try await store.service.refund(invoiceID: receipt.invoice.id, idempotencyKey: "refund-1")
        let replay = try await store.buy(ada, "themes", key: "key-1")
        let transaction = try #require(replay.transaction)
        #expect(transaction.payload == receipt.transaction?.payload && transaction.payload.revocationDate == nil)
        guard case let .verified(payload) = try await store.service.verifyTransaction(try transaction.jws) else {
            Issue.record("the replayed token does not verify"); return
        }
        #expect(payload.revocationDate == nil && payload.transactionId == transaction.payload.transactionId)
        let stored = try #require(try await store.service.transactions(accountID: ada.id, limit: 10).first)
        #expect(stored.payload.revocationDate != nil)
        #expect(store.service.signatures.insideWrites == 0)
    }
}
