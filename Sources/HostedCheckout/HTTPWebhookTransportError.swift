/// A delivery attempt that got no HTTP answer.
public enum HTTPWebhookTransportError: Error, Sendable, Hashable, CustomStringConvertible {
    case notHTTP

    public var description: String {
        switch self {
        case .notHTTP: "the webhook endpoint did not answer with HTTP"
        }
    }
}
