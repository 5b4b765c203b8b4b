/// How to reach the server: a TCP host and port, or a Unix socket directory (the port then only
/// names the socket file, `.s.PGSQL.PORT`, as libpq does).
public enum PostgresEndpoint: Sendable, Equatable, CustomStringConvertible {
    case tcp(host: String, port: Int)
    case unixSocket(directory: String, port: Int)

    public static let defaultPort = 5432

    /// The socket file libpq and the server agree on.
    public var socketPath: String? {
        guard case let .unixSocket(directory, port) = self else { return nil }
        let separator = directory.hasSuffix("/") ? "" : "/"
        return "\(directory)\(separator).s.PGSQL.\(port)"
    }

    public var description: String {
        switch self {
        case let .tcp(host, port): "host \(host) port \(port)"
        case .unixSocket: "socket \(socketPath ?? "")"
        }
    }
}
