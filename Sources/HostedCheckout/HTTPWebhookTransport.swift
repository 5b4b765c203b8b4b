import AsyncHTTPClient
import Foundation
import NIOCore
import PaymentsCore

/// Delivers webhooks by HTTP POST, as the provider's servers would, to Kiosk's endpoint.
///
/// AsyncHTTPClient rather than URLSession: on Linux, FoundationNetworking loads libcurl and its
/// chain of TLS and Kerberos libraries when the process starts, about 12 ms of every `kiosk`
/// start-up, whether or not a webhook is ever sent (BENCHMARKS.md, start-up).
public struct HTTPWebhookTransport: WebhookTransport {
    public let endpoint: URL
    /// How long one delivery may take before it counts as failed and is retried on schedule.
    public var timeout: TimeAmount = .seconds(10)

    public init(endpoint: URL) {
        self.endpoint = endpoint
    }

    public func send(headers: WebhookHeaders, body: Data) async throws -> Int {
        var request = HTTPClientRequest(url: endpoint.absoluteString)
        request.method = .POST
        request.headers.add(name: "Content-Type", value: "application/json")
        for (name, value) in headers.httpHeaders {
            request.headers.add(name: name, value: value)
        }
        request.body = .bytes(ByteBuffer(bytes: body))
        let response = try await HTTPClient.shared.execute(request, timeout: timeout)
        // Read the answer to its end so the connection can go back to the pool.
        _ = try await response.body.collect(upTo: 1 << 20)
        return Int(response.status.code)
    }
}
