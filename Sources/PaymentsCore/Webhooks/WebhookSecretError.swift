/// Why a webhook secret string could not be turned into an HMAC key.
public enum WebhookSecretError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Nothing (or only the `whsec_` prefix) was given.
    case empty
    /// The part after `whsec_` is not standard base64.
    case malformedBase64

    public var description: String {
        switch self {
        case .empty:
            "webhook secret is empty"
        case .malformedBase64:
            "webhook secret is not valid base64 after the optional 'whsec_' prefix"
        }
    }
}
