import Foundation
import PaymentsCore

/// Hands a signed webhook straight to the app's own endpoint in the same process: the signature
/// is checked and the event applied exactly as over HTTP.
struct LoopbackWebhookTransport: WebhookTransport {
    let service: LocalPaymentsService

    func send(headers: WebhookHeaders, body: Data) async throws -> Int {
        switch try await service.receiveWebhook(httpHeaders: headers.httpHeaders, body: body) {
        case .rejected: 401
        case .malformed: 400
        default: 200
        }
    }
}
