import Foundation
import KioskAPI
import KioskRemoteClient
import KioskViewModels
import OpenAPIRuntime
import PaymentsCore
import StorefrontClient
import Synchronization
import Testing

/// The hosted-checkout provider's webhook outbox over the test-control API: listed, replayed and
/// duplicated as the QA panel does in process, with the admin key only.
@Suite(.serialized) struct WebhookOutboxAPITests {
    /// Records the `webhook-id` of every message sent, answering 200.
    final class RecordingTransport: WebhookTransport {
        private let sent = Mutex<[String]>([])

        func send(headers: WebhookHeaders, body: Data) async throws -> Int {
            sent.withLock { $0.append(headers.id) }
            return 200
        }

        var messageIDs: [String] { sent.withLock { $0 } }
    }

    /// A customer who paid on the hosted checkout page: the provider queued its webhooks, and
    /// they were sent once.
    private func paidCheckout(_ fixture: ServerFixture) async throws -> RecordingTransport {
        try await fixture.paidOnHostedCheckout("ann")
        let transport = RecordingTransport()
        _ = try await fixture.provider.deliverDueWebhooks(now: fixture.clock.now, transport: transport, schedule: .dodoPayments)
        return transport
    }

    @Test func deliveriesAreListedAndReplayedAndDuplicatedToBeDeliveredAgain() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let transport = try await paidCheckout(fixture)
        let listed = try await fixture.admin.listWebhookDeliveries().ok.body.json
        #expect(listed.map(\.id) == (try await fixture.provider.webhookDeliveries()).map(\.id))
        let original = try #require(listed.first { $0.eventType == "payment.succeeded" })
        #expect(original.status == .delivered)
        #expect(original.attempts == 1)
        #expect(original.body.contains("themes.lifetime"))

        let replayed = try await fixture.admin.replayWebhookDelivery(path: .init(deliveryId: original.id)).created.body.json
        #expect(replayed.id != original.id)
        #expect(replayed.messageId == original.messageId)
        #expect(replayed.status == .pending)
        let duplicated = try await fixture.admin.duplicateWebhookDelivery(path: .init(deliveryId: original.id))
            .created.body.json
        #expect(duplicated.messageId == original.messageId)
        #expect(duplicated.status == .pending)
        #expect(try await fixture.admin.listWebhookDeliveries().ok.body.json.count == listed.count + 2)

        let before = transport.messageIDs.filter { $0 == original.messageId }.count
        _ = try await fixture.provider.deliverDueWebhooks(now: fixture.clock.now, transport: transport, schedule: .dodoPayments)
        #expect(transport.messageIDs.filter { $0 == original.messageId }.count == before + 2)
        let after = try await fixture.admin.listWebhookDeliveries().ok.body.json
        #expect(after.filter { [replayed.id, duplicated.id].contains($0.id) }.map(\.status) == [.delivered, .delivered])
    }

    /// `kiosk run --server` with the admin key: the QA panel's outbox through the remote client.
    @Test func theRemoteQAPanelListsReplaysAndDuplicatesDeliveries() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        _ = try await paidCheckout(fixture)
        let ann = try await fixture.customerKey("bob")
        let client = Storefront.remote(RemoteServer(url: fixture.baseURL, token: ann.key, adminKey: fixture.adminKey.value))
        let local = try await fixture.provider.webhookDeliveries()
        let listed = try await client.testControls.webhookDeliveries()
        #expect(listed == local)
        let original = try #require(listed.first { $0.eventType == .paymentSucceeded })
        let replayed = try await client.testControls.replayWebhook(original.id)
        let duplicated = try await client.testControls.duplicateWebhook(original.id)
        #expect(replayed.messageID == original.messageID && duplicated.messageID == original.messageID)
        #expect(replayed.body == original.body && replayed.status == .pending)
        #expect(try await client.testControls.webhookDeliveries().map(\.id) == local.map(\.id) + [replayed.id, duplicated.id])
        await #expect(throws: (any Error).self) { try await client.testControls.replayWebhook("whd_nope") }

        let withoutAdmin = Storefront.remote(RemoteServer(url: fixture.baseURL, token: ann.key))
        let refusal = await #expect(throws: RemoteUnavailableCall.self) { try await withoutAdmin.testControls.webhookDeliveries() }
        #expect(refusal?.description.contains("needs the server's admin key") == true)
    }

    @Test func anUnknownDeliveryIsAProblemNamingIt() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        for path in ["/v1/admin/webhook-deliveries/whd_nope/replay", "/v1/admin/webhook-deliveries/whd_nope/duplicate"] {
            let answer = try await fixture.raw("POST", path, key: fixture.adminKey.value)
            #expect(answer.status == 404, "\(path)")
            #expect(answer.contentType == "application/problem+json")
            #expect(answer.body.contains(#""type":"https://kiosk.dev/problems/not-found""#))
            #expect(answer.body.contains("whd_nope"))
        }
        guard case let .default(status, problem) = try await fixture.admin.replayWebhookDelivery(
            path: .init(deliveryId: "whd_nope")) else {
            Issue.record("an unknown delivery was replayed")
            return
        }
        #expect(status == 404)
        #expect(try problem.body.applicationProblemJson._type == "https://kiosk.dev/problems/not-found")
    }

    @Test func outboxControlsNeedTheAdminKey() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        _ = try await paidCheckout(fixture)
        let deliveries = try await fixture.provider.webhookDeliveries()
        let original = try #require(deliveries.first)
        let bob = try await fixture.customerKey("bob")
        for key: String? in [nil, bob.key, "kiosk_admin_wrong"] {
            for (method, path) in [("GET", "/v1/admin/webhook-deliveries"),
                                   ("POST", "/v1/admin/webhook-deliveries/\(original.id)/replay"),
                                   ("POST", "/v1/admin/webhook-deliveries/\(original.id)/duplicate")] {
                let answer = try await fixture.raw(method, path, key: key)
                #expect(answer.status == 401, "\(method) \(path) with \(key ?? "no key")")
                #expect(answer.contentType == "application/problem+json")
            }
        }
        #expect(try await fixture.provider.webhookDeliveries() == deliveries)
    }
}
