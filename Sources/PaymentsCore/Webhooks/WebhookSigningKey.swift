// swift-crypto 3.12 predates Sendable annotations; `HMAC<SHA256>` is safe to share because its
// digest state is copy-on-write and this type only ever copies it, never mutates the stored one.
@preconcurrency import Crypto
import Foundation

/// An HMAC-SHA256 key with its inner and outer pads already absorbed, so each delivery pays only
/// for hashing its own bytes rather than for key setup.
struct WebhookSigningKey: Sendable {
    /// When a rotated-out secret stops verifying; nil for the current secret.
    let expiresAt: Date?
    private let preparedAuthenticator: HMAC<SHA256>

    private static let separator: [UInt8] = [UInt8(ascii: ".")]

    init(secret: WebhookSecret, expiresAt: Date? = nil) {
        self.expiresAt = expiresAt
        preparedAuthenticator = HMAC<SHA256>(key: SymmetricKey(data: secret.keyBytes))
    }

    func isAccepted(at now: Date) -> Bool {
        guard let expiresAt else { return true }
        return now < expiresAt
    }

    /// Base64 of HMAC-SHA256 over `id.timestamp.body`; verification compares the unpadded form so
    /// that senders that drop the `=` padding still match.
    func base64Signature(id: String, timestamp: String, body: UnsafeRawBufferPointer, padded: Bool) -> [UInt8] {
        authenticationCode(id: id, timestamp: timestamp, body: body)
            .withUnsafeBytes { WebhookBase64.encode($0, padded: padded) }
    }

    /// The parts are fed to the HMAC one after another so the body is never copied into a
    /// joined buffer.
    private func authenticationCode(
        id: String,
        timestamp: String,
        body: UnsafeRawBufferPointer
    ) -> HashedAuthenticationCode<SHA256> {
        var authenticator = preparedAuthenticator
        var id = id
        var timestamp = timestamp
        id.withUTF8 { authenticator.update(data: UnsafeRawBufferPointer($0)) }
        authenticator.update(data: Self.separator)
        timestamp.withUTF8 { authenticator.update(data: UnsafeRawBufferPointer($0)) }
        authenticator.update(data: Self.separator)
        authenticator.update(data: body)
        return authenticator.finalize()
    }
}
