import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore
import Testing

/// The change feed over Server-Sent Events: live events arrive, and a client that reconnects with
/// its last event id misses nothing that happened while it was away.
@Suite(.serialized, .timeLimit(.minutes(10))) struct EventFeedTests {
    typealias Event = Components.Schemas.Event

    @Test func aReconnectWithTheLastEventIDMissesNothing() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")

        let live = try await events(ann.client, lastEventID: nil)
        var iterator = live.makeAsyncIterator()
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        let first = try await next(&iterator, ofType: "purchase.completed")

        // Away: Bob's purchase must not reach Ann, Ann's own second purchase must.
        _ = try await bob.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        let missed = try await ann.client.createPurchase(body: .json(.init(productId: "points.1000"))).ok.body.json

        let resumed = try await events(ann.client, lastEventID: String(first.id))
        var again = resumed.makeAsyncIterator()
        let caughtUp = try await next(&again, ofType: "purchase.completed")
        #expect(caughtUp.productId == "points.1000")
        #expect(caughtUp.invoiceId == missed.invoice?.id)
        #expect(caughtUp.id > first.id)
    }

    /// Streams of one customer share reads and frames now: each must still get every event, and
    /// another customer's stream none of them.
    @Test func everyStreamOfTheCustomerHearsTheirPurchaseAndNobodyElseDoes() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        var annFirst = try await events(ann.client, lastEventID: nil).makeAsyncIterator()
        var annSecond = try await events(ann.client, lastEventID: nil).makeAsyncIterator()
        var bobs = try await events(bob.client, lastEventID: nil).makeAsyncIterator()

        let bought = try await ann.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        let first = try await next(&annFirst, ofType: "purchase.completed")
        let second = try await next(&annSecond, ofType: "purchase.completed")
        #expect(first.id == second.id)
        #expect(first.invoiceId == bought.invoice?.id && second.invoiceId == bought.invoice?.id)

        let bobBought = try await bob.client.createPurchase(body: .json(.init(productId: "points.1000"))).ok.body.json
        let bobHeard = try await next(&bobs, ofType: "purchase.completed")
        #expect(bobHeard.invoiceId == bobBought.invoice?.id)
        #expect(bobHeard.id > first.id)
    }

    /// Issue 42 item 1: a stream opened with a key ends once the key is rotated, before the
    /// customer's next purchase could reach whoever holds the old key.
    @Test func aStreamEndsWhenItsKeyIsRotated() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        var old = try await events(ann.client, lastEventID: nil).makeAsyncIterator()
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        _ = try await next(&old, ofType: "purchase.completed")

        let rotated = try await fixture.admin.rotateAccountKey(path: .init(accountId: ann.id)).created.body.json
        let renewed = fixture.client(key: rotated.apiKey)
        _ = try await renewed.createPurchase(body: .json(.init(productId: "points.1000"))).ok.body.json
        await #expect(throws: StreamEnded.self) { _ = try await next(&old, ofType: "purchase.completed") }
        var fresh = try await events(renewed, lastEventID: nil).makeAsyncIterator()
        #expect(try await next(&fresh, ofType: "purchase.completed").productId == "points.500")
    }

    @Test func theJSONFeedPagesByPosition() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        let all = try await ann.client.listEvents().ok.body.json
        #expect(all.items.contains { $0._type == "purchase.completed" })
        let rest = try await ann.client.listEvents(query: .init(after: all.position)).ok.body.json
        #expect(rest.items.isEmpty)
        #expect(rest.position == all.position)
    }

    @Test func aMalformedLastEventIDIsABadRequest() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        guard case let .default(status, _) = try await ann.client.streamEvents(headers: .init(lastEventID: "12abc")) else {
            Issue.record("a malformed Last-Event-ID was accepted")
            return
        }
        #expect(status == 400)
    }

    private func events(_ client: Client, lastEventID: String?) async throws
        -> some AsyncSequence<ServerSentEventWithJSONData<Event>, any Error> {
        try await client.streamEvents(headers: .init(lastEventID: lastEventID)).ok.body.textEventStream
            .asDecodedServerSentEventsWithJSONData(of: Event.self, decoder: Self.decoder)
    }

    private func next<I: AsyncIteratorProtocol>(_ iterator: inout I, ofType type: String) async throws -> Event
        where I.Element == ServerSentEventWithJSONData<Event> {
        while let event = try await iterator.next() {
            if let data = event.data, data._type == type {
                #expect(event.id == String(data.id))
                return data
            }
        }
        throw StreamEnded()
    }

    struct StreamEnded: Error {}

    /// Dates in the feed are RFC 3339, as everywhere in the contract.
    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        return decoder
    }
}
