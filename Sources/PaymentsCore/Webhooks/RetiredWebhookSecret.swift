import Foundation

/// A secret replaced by rotation that receivers may still be using until `expiresAt`.
public struct RetiredWebhookSecret: Sendable, Hashable, Codable {
    public let secret: WebhookSecret
    public let expiresAt: Date

    public init(secret: WebhookSecret, expiresAt: Date) {
        self.secret = secret
        self.expiresAt = expiresAt
    }

    /// Expiry is exclusive: at exactly `expiresAt` the secret is no longer accepted.
    public func isExpired(at now: Date) -> Bool {
        now >= expiresAt
    }
}
