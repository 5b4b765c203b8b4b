import Foundation
import KioskAPI
import PaymentsCore

/// The QA panel's webhook outbox: the hosted-checkout provider's deliveries to the server, read,
/// replayed and duplicated with the admin key.
extension RemoteCalls {
    func webhookDeliveries() async throws -> [WebhookDelivery] {
        let answer = try await server.adminCall("reading the webhook deliveries") { api in
            switch try await api.listWebhookDeliveries() {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("reading the webhook deliveries") { try answer.map(WebhookDelivery.init) }
    }

    func replayWebhook(_ deliveryID: String) async throws -> WebhookDelivery {
        let answer = try await server.adminCall("replaying webhook delivery \(deliveryID)") { api in
            switch try await api.replayWebhookDelivery(path: .init(deliveryId: deliveryID)) {
            case let .created(created): return try created.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("replaying webhook delivery \(deliveryID)") { try WebhookDelivery(answer) }
    }

    func duplicateWebhook(_ deliveryID: String) async throws -> WebhookDelivery {
        let answer = try await server.adminCall("duplicating webhook delivery \(deliveryID)") { api in
            switch try await api.duplicateWebhookDelivery(path: .init(deliveryId: deliveryID)) {
            case let .created(created): return try created.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return try mapped("duplicating webhook delivery \(deliveryID)") { try WebhookDelivery(answer) }
    }
}
