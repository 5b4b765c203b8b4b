import PaymentsCore

/// The secret key for card fingerprints.
///
/// Card numbers are few enough to enumerate, so an unkeyed hash of one would reveal the number.
/// Keyed, a fingerprint only links tokens of the same card: create one key per store (from
/// `SystemRandomNumberGenerator`) and reuse it, because a new key gives every card a new
/// fingerprint. `description` and `dump` never show the key.
public struct CardFingerprintKey: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    let key0: UInt64
    let key1: UInt64

    public init(key0: UInt64, key1: UInt64) {
        self.key0 = key0
        self.key1 = key1
    }

    public init(using generator: inout some RandomNumberGenerator) {
        self.init(key0: generator.next(), key1: generator.next())
    }

    public var description: String { "CardFingerprintKey(redacted)" }

    public var customMirror: Mirror { Mirror(self, children: [], displayStyle: .struct) }
}

extension CardFingerprintKey {
    /// "key0:key1" in hex, as `CardFingerprintKeyFile` keeps it.
    var fileText: String { String(key0, radix: 16) + ":" + String(key1, radix: 16) }

    init?(fileText: String) {
        let parts = fileText.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ (1...16).contains($0.count) }),
              let key0 = UInt64(parts[0], radix: 16), let key1 = UInt64(parts[1], radix: 16) else { return nil }
        self.init(key0: key0, key1: key1)
    }
}
