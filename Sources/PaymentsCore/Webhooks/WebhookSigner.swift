import Foundation

/// Signs deliveries of the simulated provider with the current secret only; receivers keep
/// accepting retired secrets during the grace period, so signing with them is unnecessary.
public struct WebhookSigner: Sendable {
    private let key: WebhookSigningKey

    public init(secret: WebhookSecret) {
        key = WebhookSigningKey(secret: secret)
    }

    public init(secrets: WebhookSecretSet) {
        self.init(secret: secrets.current)
    }

    /// The `webhook-signature` value, `v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.
    /// `timestamp` is unix seconds; verification rejects negative values as malformed.
    public func signature(id: String, timestamp: Int64, body: some ContiguousBytes) -> String {
        let encoded = body.withUnsafeBytes {
            key.base64Signature(id: id, timestamp: String(timestamp), body: $0, padded: true)
        }
        return "v1," + String(decoding: encoded, as: UTF8.self)
    }

    /// All three headers for one delivery attempt.
    public func headers(id: String, timestamp: Int64, body: some ContiguousBytes) -> WebhookHeaders {
        WebhookHeaders(
            id: id,
            timestamp: String(timestamp),
            signature: signature(id: id, timestamp: timestamp, body: body)
        )
    }
}
