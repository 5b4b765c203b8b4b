import KioskAPI
import PaymentsCore

/// The test-control API's webhook-outbox controls: what the QA panel does to the hosted-checkout
/// provider's deliveries (list, replay, duplicate), over HTTP (admin key only, see `OperationAudience`).
extension KioskAPIHandler {
    func listWebhookDeliveries(_ input: Operations.ListWebhookDeliveries.Input) async throws
        -> Operations.ListWebhookDeliveries.Output {
        let deliveries = try await provider().webhookDeliveries()
        return .ok(.init(body: .json(deliveries.map(Components.Schemas.WebhookDelivery.init))))
    }

    func replayWebhookDelivery(_ input: Operations.ReplayWebhookDelivery.Input) async throws
        -> Operations.ReplayWebhookDelivery.Output {
        let delivery = try await provider().replayWebhookDelivery(input.path.deliveryId)
        return .created(.init(body: .json(.init(delivery))))
    }

    func duplicateWebhookDelivery(_ input: Operations.DuplicateWebhookDelivery.Input) async throws
        -> Operations.DuplicateWebhookDelivery.Output {
        let delivery = try await provider().duplicateWebhookDelivery(input.path.deliveryId)
        return .created(.init(body: .json(.init(delivery))))
    }

    /// The hosted-checkout provider `kiosk serve` runs beside the store; a server started
    /// without one answers 503 rather than pretending its outbox is empty.
    private func provider() throws -> any HostedCheckoutService {
        guard let hostedCheckout else {
            throw Problem(status: .serviceUnavailable, kind: "no-hosted-checkout", title: "No hosted checkout",
                          detail: "This server runs no hosted-checkout provider, so it has no webhook outbox.")
        }
        return hostedCheckout
    }
}
