// swift-crypto 3.12 predates Sendable annotations; a public key is immutable.
@preconcurrency import Crypto
import Foundation

/// A Standard Webhooks asymmetric verifying key, `whpk_<base64 of the 32-byte ed25519 public key>`:
/// it checks `v1a` signatures and cannot make them, so a receiver can hold it without being able
/// to forge deliveries.
public struct WebhookPublicKey: Sendable {
    public static let prefix = "whpk_"

    let key: Curve25519.Signing.PublicKey

    public init(encoded: String) throws(WebhookKeyError) {
        guard encoded.hasPrefix(Self.prefix) else { throw .missingPrefix(Self.prefix) }
        let body = encoded.dropFirst(Self.prefix.count)
        guard let bytes = WebhookBase64.decode(body.utf8) else { throw .malformedBase64(Self.prefix) }
        guard bytes.count == 32 else { throw .wrongLength(Self.prefix, bytes.count) }
        do {
            key = try Curve25519.Signing.PublicKey(rawRepresentation: bytes)
        } catch {
            throw .wrongLength(Self.prefix, bytes.count)
        }
    }

    init(key: Curve25519.Signing.PublicKey) {
        self.key = key
    }

    /// The canonical `whpk_<padded base64>` form.
    public var encoded: String {
        Self.prefix + String(decoding: WebhookBase64.encode(Array(key.rawRepresentation), padded: true), as: UTF8.self)
    }

    /// Whether `signature` (the bytes after `v1a,`, base64) signs `id.timestamp.body` under this key.
    func accepts(base64Signature signature: Substring, content: Data) -> Bool {
        guard let bytes = WebhookBase64.decode(signature.utf8), bytes.count == 64 else { return false }
        return key.isValidSignature(bytes, for: content)
    }

    /// The signed content of Standard Webhooks, `id.timestamp.body`.
    static func content(id: String, timestamp: String, body: UnsafeRawBufferPointer) -> Data {
        var content = Data("\(id).\(timestamp).".utf8)
        content.append(contentsOf: body)
        return content
    }
}
