import PaymentsCore

/// Identifies a card number without containing it, like Stripe's card `fingerprint`: two
/// tokens of the same card share it, so a duplicate saved card can be spotted.
public struct CardFingerprint: Sendable, Hashable, Codable, CustomStringConvertible {
    /// Sixteen lowercase hex digits.
    public let value: String

    public init(value: String) {
        self.value = value
    }

    /// Spaces and dashes in `digits` must already be removed, so every way of typing one card
    /// gives one fingerprint.
    init(digits: String, key: CardFingerprintKey) {
        let hash = SipHash24.hash(Array(digits.utf8), key0: key.key0, key1: key.key1)
        let hex = String(hash, radix: 16)
        value = String(repeating: "0", count: 16 - hex.count) + hex
    }

    public var description: String { value }
}
