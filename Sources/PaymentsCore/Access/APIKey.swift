import Foundation

/// A customer's secret for the customer API: `kiosk_sk_` and 32 random bytes in base64url.
///
/// Only the SHA-256 of a key is stored, so a copy of the database (a snapshot, a backup) grants no
/// access; the key itself is shown once, when it is issued.
public enum APIKey {
    static let prefix = "kiosk_sk_"
    /// Longer than any key this type issues; anything longer is refused before hashing.
    public static let maximumLength = 128

    static func generate(using generator: inout some RandomNumberGenerator) -> String {
        SecretDigest.newSecret(prefix: prefix, using: &generator)
    }

    /// The stored form of a key (see `SecretDigest`).
    static func hash(_ key: String) -> String { SecretDigest.hex(key) }
}
