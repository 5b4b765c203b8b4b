import Foundation
import Testing

/// An operation whose body is optional answers a POST that carries none, as the contract and
/// the README promise (a cancellation's reason, a restore).
@Suite(.serialized) struct EmptyBodyTests {
    @Test func aBarePostToAnOperationWithAnOptionalBodyIsAnswered() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bought = try await fixture.raw("POST", "/v1/purchases", key: ann.key, body: #"{"product_id":"pro.monthly"}"#)
        #expect((200..<300).contains(bought.status), "\(bought.body)")
        let subscription = try #require(try await fixture.service.subscriptions(accountID: ann.id).first)
        let cancelled = try await fixture.raw("POST", "/v1/subscriptions/\(subscription.id)/cancel", key: ann.key)
        #expect(cancelled.status == 200, "\(cancelled.body)")
        #expect(try await fixture.service.subscriptions(accountID: ann.id).first?.willAutoRenew == false)
        let restored = try await fixture.raw("POST", "/v1/restore", key: ann.key)
        #expect(restored.status == 200, "\(restored.body)")
        // A body that is there must still be JSON.
        let broken = try await fixture.raw("POST", "/v1/subscriptions/\(subscription.id)/cancel", key: ann.key, body: "{")
        #expect(broken.status == 400)
    }
}
