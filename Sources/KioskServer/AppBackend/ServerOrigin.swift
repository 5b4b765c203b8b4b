import Foundation
import Synchronization

/// The origin the server answers on, known only once the socket is bound (the port may be 0).
final class ServerOrigin: Sendable {
    private let url = Mutex<URL?>(nil)

    /// A wildcard address is not somewhere a browser can go back to; the loopback address is.
    func bound(host: String, port: Int) {
        let reachable = ["0.0.0.0", "::", "[::]"].contains(host) ? "127.0.0.1" : host
        let bracketed = reachable.contains(":") && !reachable.hasPrefix("[") ? "[\(reachable)]" : reachable
        url.withLock { $0 = URL(string: "http://\(bracketed):\(port)") }
    }

    /// The origin as the current caller reaches it (see `RequestHost`).
    var value: URL? { url.withLock { $0 }.map(RequestHost.relink) }
}
