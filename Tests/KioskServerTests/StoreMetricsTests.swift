import Foundation
@testable import KioskServer
import PaymentsCore
import Synchronization
import Testing

/// `GET /metrics` after the store's own events: renewals by outcome, hosted-checkout webhook
/// attempts and retries by result, database retries and connection waits. Labels carry outcomes
/// only, never the customer.
@Suite(.serialized) struct StoreMetricsTests {
    /// Answers with scripted statuses (200 once they run out).
    final class ScriptedTransport: WebhookTransport {
        private let statuses: Mutex<[Int]>

        init(_ statuses: [Int]) { self.statuses = Mutex(statuses) }

        func send(headers: WebhookHeaders, body: Data) async throws -> Int {
            statuses.withLock { $0.isEmpty ? 200 : $0.removeFirst() }
        }
    }

    @Test func aFreshServerShowsEveryOutcomeAtZero() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let text = try await fixture.raw("GET", "/metrics", key: nil).body
        for sample in [#"kiosk_renewals_total{outcome="renewed"} 0"#, #"kiosk_renewals_total{outcome="failed"} 0"#,
                       #"kiosk_renewals_total{outcome="recovered"} 0"#,
                       #"kiosk_webhook_deliveries_total{result="delivered"} 0"#,
                       #"kiosk_webhook_deliveries_total{result="retry_scheduled"} 0"#,
                       #"kiosk_database_transaction_retries_total{reason="serialization_failure"} 0"#] {
            #expect(text.contains(sample), "\(sample)\n\(text)")
        }
    }

    @Test func renewalsAreCountedByOutcomeOnceCommitted() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob", card: "4000000000000341")
        for customer in [ann, bob] {
            let bought = try await fixture.raw("POST", "/v1/purchases", key: customer.key, body: #"{"product_id":"pro.monthly"}"#)
            #expect(bought.status == 200, "\(bought.body)")
        }
        // The week's free trial ends: Ann's card pays, Bob's (attaches, then declines) does not.
        fixture.clock.advance(by: 8 * 86_400)
        try await fixture.service.runDueWork()

        let text = try await fixture.raw("GET", "/metrics", key: nil).body
        #expect(text.contains(#"kiosk_renewals_total{outcome="renewed"} 1"#), "\(text)")
        #expect(text.contains(#"kiosk_renewals_total{outcome="failed"} 1"#), "\(text)")
        #expect(text.contains(#"kiosk_renewals_total{outcome="recovered"} 0"#), "\(text)")
        for secret in [ann.id, ann.key, bob.id, "ann@example.com", "4000000000000341"] { #expect(!text.contains(secret)) }

        // Nothing more was due: a second run counts nothing again.
        try await fixture.service.runDueWork()
        #expect(try await fixture.raw("GET", "/metrics", key: nil).body.contains(#"kiosk_renewals_total{outcome="renewed"} 1"#))
    }

    @Test func webhookAttemptsAndRetriesAreCountedByResult() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.paidOnHostedCheckout("ann")
        let transport = ScriptedTransport([500])
        let schedule = WebhookRetrySchedule(retryDelaysInSeconds: [5])

        let first = try await fixture.provider.deliverDueWebhooks(now: fixture.clock.now, transport: transport, schedule: schedule)
        #expect(first.count == 1)
        var text = try await fixture.raw("GET", "/metrics", key: nil).body
        #expect(text.contains(#"kiosk_webhook_deliveries_total{result="retry_scheduled"} 1"#), "\(text)")
        #expect(text.contains(#"kiosk_webhook_deliveries_total{result="delivered"} 0"#), "\(text)")
        #expect(!text.contains("kiosk_webhook_delivery_retries_total{"), "\(text)")

        fixture.clock.advance(by: 5)
        let second = try await fixture.provider.deliverDueWebhooks(now: fixture.clock.now, transport: transport, schedule: schedule)
        #expect(second.map(\.attempt) == [2])
        text = try await fixture.raw("GET", "/metrics", key: nil).body
        #expect(text.contains(#"kiosk_webhook_deliveries_total{result="delivered"} 1"#), "\(text)")
        #expect(text.contains(#"kiosk_webhook_delivery_retries_total{result="delivered"} 1"#), "\(text)")
        #expect(!text.contains(ann))
    }

    /// The database layers report through the same observer (PostgreSQL's own path is tested in
    /// PostgresStorageTests): retries by reason, waits as a histogram.
    @Test func databaseRetriesAndConnectionWaitsAreExposed() {
        let metrics = ServerMetrics()
        metrics.storeObserver.transactionRetried("serialization_failure")
        metrics.storeObserver.transactionRetried("deadlock")
        metrics.storeObserver.transactionRetried("deadlock")
        metrics.storeObserver.connectionWaited(.milliseconds(3))
        let text = metrics.exposition()
        #expect(text.contains(#"kiosk_database_transaction_retries_total{reason="serialization_failure"} 1"#), "\(text)")
        #expect(text.contains(#"kiosk_database_transaction_retries_total{reason="deadlock"} 2"#), "\(text)")
        #expect(text.contains("kiosk_database_connection_wait_seconds_count 1"), "\(text)")
    }
}
