/// Why a delivery was rejected. Each case is a distinct, reportable reason so a receiver (or the
/// `kiosk webhook verify` command) can say exactly what was wrong.
public enum WebhookVerificationError: Error, Hashable, Sendable, CustomStringConvertible {
    case missingHeader(String)
    /// `webhook-timestamp` is not a plain non-negative integer of unix seconds.
    case malformedTimestamp(String)
    /// Older than the tolerance allows: likely a replay.
    case timestampTooOld(timestamp: Int64, now: Int64, toleranceSeconds: UInt32)
    /// Further in the future than the tolerance allows: clock skew or a forged timestamp.
    case timestampTooNew(timestamp: Int64, now: Int64, toleranceSeconds: UInt32)
    /// The signature header lists no `v1,` entry (only unknown versions or garbage).
    case noSupportedSignature
    /// There are `v1,` entries but none matches any accepted secret.
    case noMatchingSignature
    /// Verifying with a `whpk_` key, the header lists no `v1a,` entry.
    case noAsymmetricSignature
    /// There are `v1a,` entries but none is a valid ed25519 signature under the public key.
    case noMatchingAsymmetricSignature

    public var description: String {
        switch self {
        case .missingHeader(let name):
            "missing header \(name)"
        case .malformedTimestamp(let value):
            "malformed timestamp '\(value.prefix(40))': expected unix seconds"
        case .timestampTooOld(let timestamp, let now, let tolerance):
            "timestamp too old: \(timestamp) is \(now - timestamp) s before now \(now) (tolerance \(tolerance) s)"
        case .timestampTooNew(let timestamp, let now, let tolerance):
            "timestamp too new: \(timestamp) is \(timestamp - now) s after now \(now) (tolerance \(tolerance) s)"
        case .noSupportedSignature:
            "no v1 signature in webhook-signature header"
        case .noMatchingSignature:
            "no valid signature: no v1 signature matches"
        case .noAsymmetricSignature:
            "no v1a signature in webhook-signature header"
        case .noMatchingAsymmetricSignature:
            "no valid signature: no v1a signature verifies with the public key"
        }
    }
}
