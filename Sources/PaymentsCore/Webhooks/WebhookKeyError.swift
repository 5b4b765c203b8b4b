/// Why a `whsk_`/`whpk_` key string could not be used.
public enum WebhookKeyError: Error, Equatable, Sendable, CustomStringConvertible {
    case missingPrefix(String)
    case malformedBase64(String)
    case wrongLength(String, Int)
    /// A 64-byte `whsk_` whose second half is not the public key of its first.
    case mismatchedPublicHalf
    case signingFailed

    public var description: String {
        switch self {
        case let .missingPrefix(prefix): "key does not start with '\(prefix)'"
        case let .malformedBase64(prefix): "key is not valid base64 after '\(prefix)'"
        case let .wrongLength(prefix, count): "'\(prefix)' key has \(count) bytes; ed25519 needs 32"
        case .mismatchedPublicHalf: "'whsk_' key's public half does not belong to its private half"
        case .signingFailed: "ed25519 signing failed"
        }
    }
}
