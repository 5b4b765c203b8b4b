import AsyncHTTPClient
import Foundation
@testable import KioskServer
import Logging
import NIOCore
import Synchronization
import Testing

/// `GET /metrics` and the JSON request log: what an operator watches, and that neither carries a
/// customer's id in a label, a key, a card number or a CVC.
@Suite(.serialized) struct ObservabilityTests {
    @Test func metricsCountRequestsAndPurchasesPerServer() async throws {
        let first = try await ServerFixture.start()
        let second = try await ServerFixture.start()
        defer { Task { await first.stop(); await second.stop() } }
        let ann = try await first.customer("ann")
        let bought = try await first.raw("POST", "/v1/purchases", key: ann.key, body: #"{"product_id":"pro.monthly"}"#)
        #expect(bought.status == 200, "\(bought.body)")

        let scrape = try await first.raw("GET", "/metrics", key: nil)
        #expect(scrape.status == 200)
        #expect(scrape.contentType?.hasPrefix("text/plain") == true)
        let text = scrape.body
        #expect(text.contains(#"kiosk_http_requests_total{operation="createPurchase",status="200"} 1"#), "\(text)")
        #expect(text.contains(#"kiosk_purchases_total{outcome="purchased"} 1"#), "\(text)")
        #expect(text.contains(#"kiosk_http_request_duration_seconds_bucket{operation="createPurchase",le="+Inf"} 1"#),
                "\(text)")
        #expect(text.contains("kiosk_live_feed_streams 0"))
        #expect(text.contains("kiosk_ssh_sessions 0"))
        for secret in [ann.id, ann.key, "ann@example.com", "4242424242424242"] { #expect(!text.contains(secret), "\(secret)") }

        // The second server's registry is its own: it saw no purchase.
        let other = try await second.raw("GET", "/metrics", key: nil)
        #expect(!other.body.contains("kiosk_purchases_total"), "\(other.body)")
    }

    @Test func anOpenFeedStreamIsCountedLive() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        let stream = try await ann.client.streamEvents(headers: .init(lastEventID: nil)).ok.body.textEventStream
        var chunks = stream.makeAsyncIterator()
        // The first event has arrived, so the server is iterating the stream.
        #expect(try await chunks.next() != nil)
        let scrape = try await fixture.raw("GET", "/metrics", key: nil)
        #expect(scrape.body.contains("kiosk_live_feed_streams 1"), "\(scrape.body)")
    }

    @Test func jsonLogTimesAreUTCWithMilliseconds() throws {
        let line = JSONLogHandler.line(time: Date(timeIntervalSince1970: 1_767_225_600.25), level: .info, label: "kiosk.serve",
                                       message: "request", fields: ["request_id": "r1"])
        #expect(line == #"{"label":"kiosk.serve","level":"info","message":"request","request_id":"r1","time":"2026-01-01T00:00:00.250Z"}"# + "\n")
    }

    @Test func theSshSessionsGaugeFollowsOpenedAndClosedSessions() {
        let metrics = ServerMetrics()
        metrics.sshSessionOpened()
        metrics.sshSessionOpened()
        metrics.sshSessionClosed()
        #expect(metrics.exposition().contains("kiosk_ssh_sessions 1"))
    }

    @Test func jsonLogsCarryTheRequestIdAndNoSecrets() async throws {
        let lines = Mutex<[String]>([])
        let logger = Logger(label: "kiosk.serve") { label in
            JSONLogHandler(label: label, write: { line in lines.withLock { $0.append(line) } })
        }
        let fixture = try await ServerFixture.start(logger: logger)
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")

        var request = HTTPClientRequest(url: fixture.baseURL.absoluteString + "/v1/payment-methods")
        request.method = .POST
        request.headers.add(name: "Authorization", value: "Bearer \(ann.key)")
        request.headers.add(name: "X-Request-Id", value: "req-7f3a")
        request.headers.add(name: "Content-Type", value: "application/json")
        request.body = .bytes(ByteBuffer(string: #"{"number":"4000056655665556","exp_month":12,"exp_year":2030,"cvc":"987"}"#))
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        _ = try await response.body.collect(upTo: 1 << 20)
        #expect(response.status.code == 201)
        #expect(response.headers.first(name: "X-Request-Id") == "req-7f3a")

        // A header that is not a plain token is replaced by a fresh id, still echoed.
        let forged = try await fixture.raw("GET", "/health", key: nil, headers: [("X-Request-Id", "a\" b")])
        #expect(forged.status == 200)

        let logged = lines.withLock { $0 }
        #expect(logged.allSatisfy { $0.hasSuffix("\n") && $0.dropLast().contains("\n") == false })
        let objects = try logged.map { try #require(JSONSerialization.jsonObject(with: Data($0.utf8)) as? [String: Any]) }
        let line = try #require(objects.first { $0["request_id"] as? String == "req-7f3a" }, "\(logged)")
        #expect(line["operation"] as? String == "addCard")
        #expect(line["status"] as? String == "201")
        #expect(line["account_id"] as? String == ann.id)
        #expect((line["duration_ms"] as? String)?.wholeMatch(of: /\d+\.\d{3}/) != nil)
        #expect(line["level"] as? String == "info")
        let health = try #require(objects.first { $0["operation"] as? String == "getHealth" })
        #expect((health["request_id"] as? String)?.count == 36)
        #expect(health["account_id"] == nil)
        let all = logged.joined()
        for secret in [ann.key, "4000056655665556", "\"cvc\""] { #expect(!all.contains(secret), "\(secret)") }
    }
}
