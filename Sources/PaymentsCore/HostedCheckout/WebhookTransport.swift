import Foundation

/// Sends one signed webhook request to the receiver. The core stays free of networking: the
/// HTTP client lives with the servers, and tests may deliver in-process.
public protocol WebhookTransport: Sendable {
    /// Returns the HTTP status the receiver answered; throws when no answer came at all.
    func send(headers: WebhookHeaders, body: Data) async throws -> Int
}
