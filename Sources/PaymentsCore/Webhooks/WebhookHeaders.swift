/// The three Standard Webhooks headers of one delivery, kept as the exact strings received
/// because the signature covers their bytes, not their parsed values.
public struct WebhookHeaders: Sendable, Hashable {
    public static let idName = "webhook-id"
    public static let timestampName = "webhook-timestamp"
    public static let signatureName = "webhook-signature"

    public let id: String
    /// Unix seconds as sent, e.g. "1614265330".
    public let timestamp: String
    /// Space-separated `<version>,<base64>` entries, e.g. "v1,abc= v1,def=".
    public let signature: String

    public init(id: String, timestamp: String, signature: String) {
        self.id = id
        self.timestamp = timestamp
        self.signature = signature
    }

    /// Picks the three headers out of an HTTP header map. Names match case-insensitively because
    /// HTTP header names are case-insensitive; an empty value counts as missing.
    public init(httpHeaders: [String: String]) throws(WebhookVerificationError) {
        func value(named name: String) throws(WebhookVerificationError) -> String {
            let match = httpHeaders.first { $0.key.lowercased() == name }
            guard let value = match?.value, !value.isEmpty else { throw .missingHeader(name) }
            return value
        }
        id = try value(named: Self.idName)
        timestamp = try value(named: Self.timestampName)
        signature = try value(named: Self.signatureName)
    }

    /// The headers as an HTTP header map, for a simulated delivery.
    public var httpHeaders: [String: String] {
        [Self.idName: id, Self.timestampName: timestamp, Self.signatureName: signature]
    }
}
