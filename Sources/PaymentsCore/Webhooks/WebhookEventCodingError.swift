/// Why an event could not be turned into, or read from, a JSON body.
public enum WebhookEventCodingError: Error, Hashable, Sendable, CustomStringConvertible {
    case encodingFailed(String)
    case decodingFailed(String)

    public var description: String {
        switch self {
        case .encodingFailed(let reason):
            "cannot encode webhook event: \(reason)"
        case .decodingFailed(let reason):
            "invalid webhook event JSON: \(reason)"
        }
    }
}
