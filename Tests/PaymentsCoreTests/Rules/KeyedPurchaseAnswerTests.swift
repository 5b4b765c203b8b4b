import Foundation
import GRDB
@testable import PaymentsCore
import Testing

/// A keyed purchase stores its answer by hand when it can, through the encoder otherwise; a replay
/// answers exactly what the purchase answered either way.
@Suite struct KeyedPurchaseAnswerTests {
    @Test func aPurchaseStoresItsAnswerByHandAndReplaysIt() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        for (index, product) in ["pro.monthly", "themes", "points.500"].enumerated() {
            let request = PurchaseRequest(accountID: ada.id, productID: product, idempotencyKey: "key-\(index)")
            let outcome = try await store.service.purchase(request)
            // Nobody read the token yet, so the hand-written text can be computed again here.
            let handWritten = try #require(PurchaseAnswerJSON.encode(outcome))
            #expect(try await Self.storedAnswer(store, key: "key-\(index)") == handWritten, "the fast path wrote it")
            let replay = try await store.service.purchase(request)
            #expect(replay == outcome, "a replay answers exactly what the purchase answered")
            guard case let .purchased(first) = outcome, case let .purchased(again) = replay else {
                Issue.record("\(product) was not purchased"); continue
            }
            #expect(try #require(again.transaction).jws == #require(first.transaction).jws)
        }
        #expect(store.service.signatures.insideWrites == 0)
        #expect(try await store.invariants() == [])
    }

    @Test func anAnswerTheWriterCannotWriteGoesThroughTheEncoderAndReplays() async throws {
        var catalog = CoreFixture.catalog
        catalog.plans[1].name = "Pro\nplus"  // "Subscription to Pro\nplus": a control character
        let store = try await CoreFixture(catalog: catalog)
        let ada = try await store.account()
        let request = PurchaseRequest(accountID: ada.id, productID: "pro.yearly", idempotencyKey: "key-1")
        let outcome = try await store.service.purchase(request)
        #expect(PurchaseAnswerJSON.encode(outcome) == nil)
        let stored = try #require(try await Self.storedAnswer(store, key: "key-1"))
        #expect(try PurchaseAnswerJSONTests.decode(stored) == outcome)
        #expect(try await store.service.purchase(request) == outcome)
    }

    @Test func declinesAndPendingActionsReplayThroughTheEncoder() async throws {
        let store = try await CoreFixture()
        let declining = try await store.account("gus", card: .declines(DeclineReason(
            code: "insufficient_funds", message: "Your card has insufficient funds.")))
        let secure = try await store.account("fay", card: .requiresAuthentication(offSessionSucceeds: true))
        for (account, key) in [(declining, "key-1"), (secure, "key-2")] {
            let request = PurchaseRequest(accountID: account.id, productID: "pro.yearly", idempotencyKey: key)
            let outcome = try await store.service.purchase(request)
            if case .purchased = outcome { Issue.record("\(key) was charged") }
            #expect(PurchaseAnswerJSON.encode(outcome) == nil)
            #expect(try await store.service.purchase(request) == outcome)
        }
    }

    private static func storedAnswer(_ store: CoreFixture, key: String) async throws -> String? {
        try await store.service.read { work in
            try await work.store.fetchOne(String.self, "SELECT response FROM idempotency_keys WHERE key = ?", [key])
        }
    }
}
