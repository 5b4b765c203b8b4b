import Foundation
import KioskHTTP
import Synchronization

/// The origin the server answers on, known only once the socket is bound (the port may be 0).
final class ServerOrigin: Sendable {
    private let url = Mutex<URL?>(nil)

    func bound(host: String, port: Int) {
        url.withLock { $0 = URL(string: "http://\(ReachableHost.forListening(on: host)):\(port)") }
    }

    /// The origin as the current caller reaches it (see `RequestHost`).
    var value: URL? { url.withLock { $0 }.map(RequestHost.relink) }
}
