/// Why a local server could not start.
public enum LocalHTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    case couldNotBind(String)

    public var description: String {
        switch self {
        case let .couldNotBind(name): "\(name) could not bind a port on 127.0.0.1."
        }
    }
}
