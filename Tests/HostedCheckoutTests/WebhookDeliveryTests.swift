import Foundation
import HostedCheckout
import PaymentsCore
import Synchronization
import Testing

/// The simulated provider's outbox: retries on the store clock and the QA controls.
@Suite struct WebhookDeliveryTests {
    /// Answers with scripted statuses and records which messages arrived, in order.
    final class ScriptedTransport: WebhookTransport {
        private let state: Mutex<(statuses: [Int], received: [String])>

        init(statuses: [Int] = []) { state = Mutex((statuses, [])) }

        func send(headers: WebhookHeaders, body: Data) async throws -> Int {
            state.withLock { state in
                state.received.append(headers.id)
                return state.statuses.isEmpty ? 200 : state.statuses.removeFirst()
            }
        }

        var received: [String] { state.withLock { $0.received } }
    }

    private func paid(_ fixture: HostedCheckoutFixture, _ product: String = "themes") async throws {
        let checkout = try await fixture.begin(product)
        _ = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("4242424242424242"))
        checkout.abandon()
        _ = try await checkout.outcome()
    }

    @Test func failedDeliveriesAreRetriedOnTheScheduleAsTheClockAdvances() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        try await paid(fixture)
        let transport = ScriptedTransport(statuses: [500, 503])
        let schedule = WebhookRetrySchedule(retryDelaysInSeconds: [5, 300])

        let first = try await fixture.provider.deliverDueWebhooks(now: fixture.clock.now, transport: transport, schedule: schedule)
        #expect(first.map(\.httpStatus) == [500])
        #expect(first.map(\.statusAfter) == [.pending])
        #expect(first.first?.nextAttemptAt == fixture.clock.now + 5)
        fixture.clock.advance(by: 4)
        #expect(try await fixture.provider.deliverDueWebhooks(now: fixture.clock.now, transport: transport, schedule: schedule).isEmpty)
        fixture.clock.advance(by: 1)
        let second = try await fixture.provider.deliverDueWebhooks(now: fixture.clock.now, transport: transport, schedule: schedule)
        #expect(second.map(\.attempt) == [2])
        fixture.clock.advance(by: 300)
        let third = try await fixture.provider.deliverDueWebhooks(now: fixture.clock.now, transport: transport, schedule: schedule)
        #expect(third.map(\.delivered) == [true])
        #expect(try await fixture.provider.webhookDeliveries().map(\.status) == [.delivered])
        await fixture.server.stop()
    }

    @Test func aDeliveryThatFailsEveryAttemptIsGivenUp() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        try await paid(fixture)
        let transport = ScriptedTransport(statuses: [500, 500])
        let schedule = WebhookRetrySchedule(retryDelaysInSeconds: [5])
        _ = try await fixture.provider.deliverDueWebhooks(now: fixture.clock.now, transport: transport, schedule: schedule)
        fixture.clock.advance(by: 5)
        let last = try await fixture.provider.deliverDueWebhooks(now: fixture.clock.now, transport: transport, schedule: schedule)
        #expect(last.map(\.statusAfter) == [.failed])
        #expect(try await fixture.provider.webhookDeliveries().first?.lastError == "HTTP 500")
        await fixture.server.stop()
    }

    @Test func qaControlsDelayDropDuplicateReorderAndReplay() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        try await paid(fixture, "pro.monthly")
        let service = fixture.provider
        let transport = ScriptedTransport()
        let schedule = WebhookRetrySchedule.dodoPayments
        let queued = try await service.webhookDeliveries()
        #expect(queued.map(\.eventType) == [.paymentSucceeded, .subscriptionActive])
        let (payment, activation) = (queued[0], queued[1])

        _ = try await service.reorderWebhookDeliveries([activation.id, payment.id])
        #expect(try await service.webhookDeliveries().map(\.id) == [activation.id, payment.id])
        let duplicate = try await service.duplicateWebhookDelivery(activation.id)
        #expect(duplicate.messageID == activation.messageID)
        _ = try await service.delayWebhookDelivery(payment.id, until: fixture.clock.now + 60)
        _ = try await service.deliverDueWebhooks(now: fixture.clock.now, transport: transport, schedule: schedule)
        #expect(transport.received == [activation.messageID, activation.messageID])

        _ = try await service.dropWebhookDelivery(payment.id)
        fixture.clock.advance(by: 60)
        #expect(try await service.deliverDueWebhooks(now: fixture.clock.now, transport: transport, schedule: schedule).isEmpty)
        #expect(try await service.webhookDeliveries().first { $0.id == payment.id }?.status == .dropped)

        let replay = try await service.replayWebhookDelivery(payment.id)
        #expect(replay.messageID == payment.messageID)
        _ = try await service.deliverDueWebhooks(now: fixture.clock.now, transport: transport, schedule: schedule)
        #expect(transport.received == [activation.messageID, activation.messageID, payment.messageID])
        await #expect(throws: HostedCheckoutError.deliveryNotPending(payment.id)) {
            try await service.delayWebhookDelivery(payment.id, until: fixture.clock.now)
        }
        await fixture.server.stop()
    }

    @Test func duplicatedDeliveriesOverHTTPAreBothAcknowledged() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        try await paid(fixture)
        let original = try #require(try await fixture.provider.webhookDeliveries().first)
        _ = try await fixture.provider.duplicateWebhookDelivery(original.id)
        let attempts = try await fixture.server.deliverDueWebhooks()
        #expect(attempts.map(\.httpStatus) == [200, 200])
        let events = try await fixture.provider.webhookDeliveries()
        #expect(events.map(\.status) == [.delivered, .delivered])
        await fixture.server.stop()
    }
}
