import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import PaymentsCore

/// Delivers webhooks by HTTP POST, as the provider's servers would, to Kiosk's endpoint.
public struct HTTPWebhookTransport: WebhookTransport {
    public let endpoint: URL

    public init(endpoint: URL) {
        self.endpoint = endpoint
    }

    public func send(headers: WebhookHeaders, body: Data) async throws -> Int {
        var request = URLRequest(url: endpoint)
        request.httpMethod = "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        for (name, value) in headers.httpHeaders {
            request.setValue(value, forHTTPHeaderField: name)
        }
        let (_, response) = try await URLSession.shared.data(for: request)
        guard let http = response as? HTTPURLResponse else { throw HTTPWebhookTransportError.notHTTP }
        return http.statusCode
    }
}
