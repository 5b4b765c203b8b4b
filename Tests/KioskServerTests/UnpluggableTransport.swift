import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Synchronization

/// The real HTTP transport with a plug: once pulled, every request fails at once as a refused
/// connection does, so a test can take the server away mid-session without waiting on timeouts
/// (a server stopped in process may keep its port half-open for a while).
final class UnpluggableTransport: ClientTransport {
    private let wire = AsyncHTTPClientTransport()
    private let isUnplugged = Mutex(false)

    struct ConnectionRefused: Error, CustomStringConvertible {
        var description: String { "connection refused" }
    }

    func unplug() { isUnplugged.withLock { $0 = true } }

    func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?) {
        if isUnplugged.withLock({ $0 }) { throw ConnectionRefused() }
        return try await wire.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}
