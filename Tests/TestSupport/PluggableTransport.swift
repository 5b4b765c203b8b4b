import Foundation
import HTTPTypes
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import Synchronization

/// The real HTTP transport with a plug the test pulls and puts back: while pulled, every request
/// fails at once as a refused connection does, so a test can take the server away for a while
/// without waiting on timeouts (a server stopped in process may keep its port half-open).
public final class PluggableTransport: ClientTransport {
    private let wire = AsyncHTTPClientTransport()
    private let isUnplugged = Mutex(false)

    public init() {}

    public struct ConnectionRefused: Error, CustomStringConvertible {
        public var description: String { "connection refused" }
    }

    public func unplug() { isUnplugged.withLock { $0 = true } }

    public func plugIn() { isUnplugged.withLock { $0 = false } }

    public func send(_ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String) async throws
        -> (HTTPResponse, HTTPBody?) {
        if isUnplugged.withLock({ $0 }) { throw ConnectionRefused() }
        return try await wire.send(request, body: body, baseURL: baseURL, operationID: operationID)
    }
}
