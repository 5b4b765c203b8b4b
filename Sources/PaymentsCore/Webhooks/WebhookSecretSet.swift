import Foundation

/// The secrets of one data directory: the one used for signing plus recently rotated-out ones,
/// kept so that deliveries signed just before a rotation still verify for a grace period.
public struct WebhookSecretSet: Sendable, Hashable, Codable {
    /// How long a rotated-out secret keeps verifying.
    public static let rotationGracePeriod: TimeInterval = 24 * 60 * 60

    public private(set) var current: WebhookSecret
    /// Most recently retired first, since that is the likeliest to match a late delivery.
    public private(set) var retired: [RetiredWebhookSecret]

    public init(current: WebhookSecret, retired: [RetiredWebhookSecret] = []) {
        self.current = current
        self.retired = retired
    }

    public static func generate(using generator: inout some RandomNumberGenerator) -> WebhookSecretSet {
        WebhookSecretSet(current: .generate(using: &generator))
    }

    /// Makes `newSecret` current; the previous current secret stays valid for
    /// `rotationGracePeriod` after `now`. Secrets already expired at `now` are dropped so the
    /// set does not grow without bound.
    public mutating func rotate(to newSecret: WebhookSecret, at now: Date) {
        retired.removeAll { $0.isExpired(at: now) }
        retired.insert(RetiredWebhookSecret(secret: current, expiresAt: now + Self.rotationGracePeriod), at: 0)
        current = newSecret
    }
}

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
