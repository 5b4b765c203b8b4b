import Foundation
import Testing

/// The contract bounds the Idempotency-Key header to 1…255 characters: an empty or an overlong
/// key is a 400 naming the header, and nothing is bought.
@Suite(.serialized) struct IdempotencyKeyHeaderTests {
    @Test func anEmptyOrOverlongKeyIsRefusedAndBuysNothing() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        for key in ["", String(repeating: "k", count: 256)] {
            let answer = try await fixture.raw("POST", "/v1/purchases", key: ann.key, body: #"{"product_id":"points.500"}"#,
                                               headers: [("Idempotency-Key", key)])
            #expect(answer.status == 400 && answer.body.contains(#""field":"Idempotency-Key""#), "\(answer.body)")
        }
        #expect(try await fixture.service.invoices(accountID: ann.id, query: .init()).items.isEmpty)
        let longest = try await fixture.raw("POST", "/v1/purchases", key: ann.key, body: #"{"product_id":"points.500"}"#,
                                            headers: [("Idempotency-Key", String(repeating: "k", count: 255))])
        #expect((200..<300).contains(longest.status))
    }
}
