import Foundation

/// Who a storefront is signed in as: `kiosk_session_` and 32 random bytes in base64url.
///
/// A session belongs to the terminal that opened it, not to the store, so two terminals on one
/// store can be signed in as different customers, and signing one out leaves the other alone.
/// Only the hash is stored (see `SecretDigest`); the token itself lives with its terminal.
public enum SessionToken {
    static let prefix = "kiosk_session_"
    /// Longer than any token this type issues; anything longer is refused before hashing.
    static let maximumLength = 128

    static func generate(using generator: inout some RandomNumberGenerator) -> String {
        SecretDigest.newSecret(prefix: prefix, using: &generator)
    }

    /// The stored hash of a token that could be one of ours; nil for anything else.
    static func hash(_ token: String) -> String? {
        guard token.utf8.count <= maximumLength, token.hasPrefix(prefix) else { return nil }
        return SecretDigest.hex(token)
    }
}
