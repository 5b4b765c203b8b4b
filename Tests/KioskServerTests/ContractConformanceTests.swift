import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// What an independent, contract-driven fuzzer holds the server to (issue 39, issue 42 item 6):
/// HTTP's method rules, header values compared as sent, RFC 3339 as RFC 3339 says, the contract's
/// bounds enforced before any work, and bodies that mean one thing.
@Suite(.serialized) struct ContractConformanceTests {
    private func send(_ fixture: ServerFixture, _ method: String, _ path: String, key: String? = nil,
                      body: String? = nil, headers: [(String, String)] = [])
        async throws -> (status: Int, body: String, headers: HTTPHeaders) {
        var request = HTTPClientRequest(url: fixture.baseURL.absoluteString + path)
        request.method = HTTPMethod(rawValue: method)
        if let key { request.headers.add(name: "Authorization", value: "Bearer \(key)") }
        request.headers.add(contentsOf: headers)
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 4 << 20)
        return (Int(response.status.code), String(buffer: bytes), response.headers)
    }

    @Test func anUndeclaredMethodOnADeclaredPathIs405WithAllow() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")
        for (method, path, allow) in [("PUT", "/v1/catalog", "GET, HEAD"), ("DELETE", "/v1/customer", "GET, HEAD"),
                                      ("GET", "/v1/purchases", "POST"), ("PATCH", "/v1/invoices/inv_1", "GET, HEAD")] {
            let answer = try await send(fixture, method, path, key: ann.key)
            #expect(answer.status == 405, "\(method) \(path): \(answer.body)")
            #expect(answer.headers.first(name: "Allow") == allow, "\(method) \(path)")
            #expect(answer.headers.first(name: "Content-Type") == "application/problem+json")
        }
        let unknown = try await send(fixture, "GET", "/v1/no-such-thing", key: ann.key)
        #expect(unknown.status == 404)
    }

    @Test func headIsAnsweredWhereverGetIs() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")
        let get = try await send(fixture, "GET", "/v1/customer", key: ann.key)
        let head = try await send(fixture, "HEAD", "/v1/customer", key: ann.key)
        #expect(get.status == 200 && head.status == 200, "\(head.body)")
        #expect(head.body.isEmpty)
        #expect(head.headers.first(name: "Content-Type") == get.headers.first(name: "Content-Type"))
        #expect(try await send(fixture, "HEAD", "/health").status == 200)
        #expect(try await send(fixture, "HEAD", "/v1/customer").status == 401)
    }

    @Test func idempotencyKeysAreComparedAsSent() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let body = #"{"product_id":"points.500"}"#
        let first = try await send(fixture, "POST", "/v1/purchases", key: ann.key, body: body,
                                   headers: [("Idempotency-Key", "c2-%41")])
        let second = try await send(fixture, "POST", "/v1/purchases", key: ann.key, body: body,
                                    headers: [("Idempotency-Key", "c2-A")])
        #expect(first.status == 200 && second.status == 200, "\(first.body) \(second.body)")
        #expect(try await fixture.service.invoices(accountID: ann.id, query: .init()).items.count == 2)
        let percent = try await send(fixture, "POST", "/v1/purchases", key: ann.key, body: body,
                                     headers: [("Idempotency-Key", "50%-off")])
        #expect(percent.status == 200, "\(percent.body)")
        let encodedLong = try await send(fixture, "POST", "/v1/purchases", key: ann.key, body: body,
                                         headers: [("Idempotency-Key", String(repeating: "%41", count: 255))])
        #expect(encodedLong.status == 400 && encodedLong.body.contains(#""field":"Idempotency-Key""#), "\(encodedLong.body)")
        #expect(try await fixture.service.invoices(accountID: ann.id, query: .init()).items.count == 3)
    }

    @Test func lastEventIDIsReadAsSent() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")
        let answer = try await send(fixture, "GET", "/v1/events/stream", key: ann.key, headers: [("Last-Event-ID", "%32%36")])
        #expect(answer.status == 400 && answer.body.contains(#""field":"Last-Event-ID""#), "\(answer.body)")
    }

    @Test func dateTimesAcceptWhatRFC3339AllowsAndRefusalsNameTheField() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        for frozen in ["2025-06-01T00:00:00.123Z", "2025-06-01t00:00:00z", "2025-06-01T02:00:00.5+02:00"] {
            let answer = try await send(fixture, "POST", "/v1/admin/test-clocks", key: fixture.adminKey.value,
                                        body: #"{"name":"c","frozen_at":"\#(frozen)"}"#)
            #expect(answer.status == 201, "\(frozen): \(answer.body)")
        }
        let fraction = try await send(fixture, "POST", "/v1/admin/test-clocks", key: fixture.adminKey.value,
                                      body: #"{"name":"c","frozen_at":"2025-06-01T00:00:00.750Z"}"#)
        #expect(fraction.body.contains("2025-06-01T00:00:00"), "\(fraction.body)")
        for bad in ["2025-13-01T00:00:00Z", "2025-02-30T00:00:00Z", "yesterday"] {
            let answer = try await send(fixture, "POST", "/v1/admin/test-clocks", key: fixture.adminKey.value,
                                        body: #"{"name":"c","frozen_at":"\#(bad)"}"#)
            #expect(answer.status == 400 && answer.body.contains(#""field":"frozen_at""#), "\(bad): \(answer.body)")
        }
    }

    @Test func boundsAreEnforcedBeforeAnyWorkAndInputIsNotEchoedWhole() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let huge = String(repeating: "p", count: 900_000)
        for body in [#"{"product_id":"\#(huge)"}"#, #"{"product_id":"points.500","offer_code":"\#(huge)"}"#] {
            let answer = try await send(fixture, "POST", "/v1/purchases", key: ann.key, body: body)
            #expect(answer.status == 400, "\(answer.body.prefix(300))")
            #expect(answer.body.utf8.count < 2_000)
        }
        let store = try await send(fixture, "POST", "/v1/store-purchases", key: ann.key, body: #"{"product_id":"\#(huge)"}"#)
        #expect(store.status == 400 && store.body.utf8.count < 2_000, "\(store.body.prefix(300))")
        let pending = try await send(fixture, "GET", "/v1/admin/pending-actions?account_id=\(String(repeating: "a", count: 5_000))",
                                     key: fixture.adminKey.value)
        #expect(pending.status == 400 && pending.body.contains(#""field":"account_id""#), "\(pending.body.prefix(300))")
        let clock = try await send(fixture, "POST", "/v1/admin/test-clocks", key: fixture.adminKey.value,
                                   body: #"{"name":"\#(String(repeating: "n", count: 5_000))","frozen_at":"2025-06-01T00:00:00Z"}"#)
        #expect(clock.status == 400 && clock.body.contains(#""field":"name""#), "\(clock.body.prefix(300))")
        #expect(try await fixture.service.invoices(accountID: ann.id, query: .init()).items.isEmpty)
    }

    @Test func aKeySentTwiceIsRefusedNamingTheKey() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let answer = try await send(fixture, "POST", "/v1/purchases", key: ann.key,
                                    body: #"{"product_id":"points.500","product_id":"themes.lifetime"}"#)
        #expect(answer.status == 400 && answer.body.contains(#""field":"product_id""#), "\(answer.body)")
        #expect(answer.body.contains("more than once"))
        #expect(try await fixture.service.invoices(accountID: ann.id, query: .init()).items.isEmpty)
        let nested = try await send(fixture, "POST", "/v1/admin/test-clocks", key: fixture.adminKey.value,
                                    body: #"{"name":"a","name":"b","frozen_at":"2025-06-01T00:00:00Z"}"#)
        #expect(nested.status == 400 && nested.body.contains(#""field":"name""#), "\(nested.body)")
    }

    @Test func aCardErrorNamesTheFieldAsOnTheWire() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")
        let answer = try await send(fixture, "POST", "/v1/payment-methods", key: ann.key,
                                    body: #"{"number":"4242424242424242","exp_month":12,"exp_year":2030,"cvc":"123","postal_code":"   "}"#)
        #expect(answer.status == 422 && answer.body.contains(#""field":"postal_code""#), "\(answer.body)")
    }
}
