import Crypto
import Foundation

/// The stored form of a secret Kiosk hands out (an API key, a session token): lowercase hex
/// SHA-256, so a copy of the database (a snapshot, a backup) grants no access.
enum SecretDigest {
    static func hex(_ secret: String) -> String {
        LowercaseHex.encode(SHA256.hash(data: Data(secret.utf8)))
    }

    /// A new secret: `prefix` and 32 random bytes in base64url.
    static func newSecret(prefix: String, using generator: inout some RandomNumberGenerator) -> String {
        let bytes = (0..<32).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
        return prefix + Base64URL.encode(bytes)
    }
}
