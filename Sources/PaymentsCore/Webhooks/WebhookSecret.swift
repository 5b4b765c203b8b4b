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

    /// Draws a fresh key; the generator is injected so tests and simulations are reproducible.
    public static func generate(
        length: WebhookSecretLength = .bytes32,
        using generator: inout some RandomNumberGenerator
    ) -> WebhookSecret {
        let bytes = (0..<length.rawValue).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
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
