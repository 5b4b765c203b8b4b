/// One HMAC key in the Standard Webhooks `whsec_<base64>` form. The base64 is decoded once here so
/// signing and verifying never re-decode it per delivery.
public struct WebhookSecret: Sendable, Hashable, Codable, CustomStringConvertible {
    public static let prefix = "whsec_"

    /// The raw HMAC-SHA256 key (the base64-decoded part after `whsec_`).
    public let keyBytes: [UInt8]

    /// Parses `whsec_<base64>`. Like the Standard Webhooks reference libraries, the `whsec_`
    /// prefix is optional and unpadded base64 is accepted.
    public init(encoded: String) throws(WebhookSecretError) {
        let body = encoded.hasPrefix(Self.prefix) ? encoded.dropFirst(Self.prefix.count) : Substring(encoded)
        guard !body.isEmpty else { throw .empty }
        guard let bytes = WebhookBase64.decode(body.utf8) else { throw .malformedBase64 }
        keyBytes = bytes
    }

    public init(keyBytes: [UInt8]) throws(WebhookSecretError) {
        guard !keyBytes.isEmpty else { throw .empty }
        self.keyBytes = keyBytes
    }

    /// Draws a fresh key of 32 bytes (SHA-256's output size); the generator is injected so tests
    /// and simulations are reproducible.
    public static func generate(using generator: inout some RandomNumberGenerator) -> WebhookSecret {
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return WebhookSecret(validatedKeyBytes: bytes)
    }

    private init(validatedKeyBytes: [UInt8]) {
        keyBytes = validatedKeyBytes
    }

    /// The canonical `whsec_<padded base64>` form, as handed to a webhook receiver.
    public var encoded: String {
        Self.prefix + String(decoding: WebhookBase64.encode(keyBytes, padded: true), as: UTF8.self)
    }

    /// Redacted so that logging a secret (or a struct holding one) never leaks the key.
    public var description: String {
        "WebhookSecret(\(keyBytes.count) bytes, redacted)"
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        do {
            try self.init(encoded: text)
        } catch {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: error.description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(encoded)
    }
}

/// Why a webhook secret string could not be turned into an HMAC key.
public enum WebhookSecretError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing (or only the `whsec_` prefix) was given.
    case empty
    /// The part after `whsec_` is not standard base64.
    case malformedBase64

    public var description: String {
        switch self {
        case .empty:
            "webhook secret is empty"
        case .malformedBase64:
            "webhook secret is not valid base64 after the optional 'whsec_' prefix"
        }
    }
}
