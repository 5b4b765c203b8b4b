// swift-crypto 3.12 predates Sendable annotations; a private key is immutable.
@preconcurrency import Crypto
import Foundation

/// A Standard Webhooks asymmetric signing key, `whsk_<base64>`: the 32-byte ed25519 seed, or the
/// 64-byte seed-and-public-key form other libraries write (the public half must then match).
/// Signs `v1a,<base64 ed25519 signature of "id.timestamp.body">`.
public struct WebhookPrivateKey: Sendable, CustomStringConvertible {
    public static let prefix = "whsk_"

    private let key: Curve25519.Signing.PrivateKey

    public init(encoded: String) throws(WebhookKeyError) {
        guard encoded.hasPrefix(Self.prefix) else { throw .missingPrefix(Self.prefix) }
        let body = encoded.dropFirst(Self.prefix.count)
        guard let bytes = WebhookBase64.decode(body.utf8) else { throw .malformedBase64(Self.prefix) }
        guard bytes.count == 32 || bytes.count == 64 else { throw .wrongLength(Self.prefix, bytes.count) }
        let key: Curve25519.Signing.PrivateKey
        do {
            key = try Curve25519.Signing.PrivateKey(rawRepresentation: bytes.prefix(32))
        } catch {
            throw .wrongLength(Self.prefix, bytes.count)
        }
        if bytes.count == 64, Array(key.publicKey.rawRepresentation) != Array(bytes.suffix(32)) {
            throw .mismatchedPublicHalf
        }
        self.key = key
    }

    /// Draws a new key pair from the injected generator.
    public static func generate(using generator: inout some RandomNumberGenerator) throws(WebhookKeyError) -> WebhookPrivateKey {
        let seed = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return try WebhookPrivateKey(encoded: prefix + String(decoding: WebhookBase64.encode(seed, padded: true), as: UTF8.self))
    }

    public var publicKey: WebhookPublicKey { WebhookPublicKey(key: key.publicKey) }

    /// The canonical `whsk_<padded base64 of the 32-byte seed>` form.
    public var encoded: String {
        Self.prefix + String(decoding: WebhookBase64.encode(Array(key.rawRepresentation), padded: true), as: UTF8.self)
    }

    /// The `webhook-signature` value, `v1a,<base64>`.
    public func signature(id: String, timestamp: Int64, body: some ContiguousBytes) throws(WebhookKeyError) -> String {
        let content = body.withUnsafeBytes { WebhookPublicKey.content(id: id, timestamp: String(timestamp), body: $0) }
        let signature: Data
        do {
            signature = try key.signature(for: content)
        } catch {
            throw .signingFailed
        }
        return "v1a," + String(decoding: WebhookBase64.encode(Array(signature), padded: true), as: UTF8.self)
    }

    /// Redacted so that logging a key never leaks it.
    public var description: String { "WebhookPrivateKey(redacted)" }
}
