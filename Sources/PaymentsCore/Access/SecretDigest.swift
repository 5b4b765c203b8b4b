import Crypto
import Foundation

/// The stored form of a secret Kiosk hands out (an API key, a session token): lowercase hex
/// SHA-256, so a copy of the database (a snapshot, a backup) grants no access.
enum SecretDigest {
    static func hex(_ secret: String) -> String {
        LowercaseHex.encode(SHA256.hash(data: Data(secret.utf8)))
    }
}
