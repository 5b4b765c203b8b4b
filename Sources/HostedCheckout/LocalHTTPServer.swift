import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
import Synchronization
import KioskHTTP

/// A Hummingbird HTTP/1.1 server bound to 127.0.0.1 (or another address given) on a port the
/// system picks, running in a task of its own: the shared plumbing of the checkout simulator and
/// the loopback listener.
///
/// Binding port 0 and reading the bound port back avoids both collisions with other programs and
/// races between "find a free port" and "bind it".
final class LocalHTTPServer: Sendable {
    let port: Int
    private let task: Task<Void, any Error>
    private let listeningChannel: any Channel

    private init(port: Int, task: Task<Void, any Error>, listeningChannel: any Channel) {
        self.port = port
        self.task = task
        self.listeningChannel = listeningChannel
    }

    /// Starts serving `respond` under `limits` and returns once the socket is bound.
    static func start(
        name: String,
        host: String = "127.0.0.1",
        port: Int = 0,
        limits: HTTPServerLimits,
        respond: @escaping @Sendable (Request) async -> Response
    ) async throws -> LocalHTTPServer {
        var logger = Logger(label: name)
        logger.logLevel = .critical
        let (bound, boundContinuation) = AsyncStream.makeStream(of: (any Channel).self)
        let responder = CallbackResponder<BasicRequestContext> { request, _ in await respond(request) }
        let application = Application(
            responder: responder,
            server: HTTPServerBuilder { LimitedHTTP1Channel(responder: $0, limits: limits) },
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), serverName: name,
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections)),
            onServerRunning: { channel in
                boundContinuation.yield(channel)
                boundContinuation.finish()
            },
            logger: logger)
        let task = Task {
            defer { boundContinuation.finish() }
            try await application.run()
        }
        var iterator = bound.makeAsyncIterator()
        guard let channel = await iterator.next(), let port = channel.localAddress?.port else {
            task.cancel()
            _ = await task.result
            throw LocalHTTPServerError.couldNotBind(name)
        }
        return LocalHTTPServer(port: port, task: task, listeningChannel: channel)
    }

    /// Stops accepting connections; requests already being answered still get their response.
    func stopListening() {
        listeningChannel.close(promise: nil)
    }

    /// Stops listening and lets requests in flight finish their responses, then stops; after
    /// `grace` whatever is still open (an idle keep-alive connection) is cut.
    func finish(grace: Duration) async {
        stopListening()
        let task = self.task
        await withTaskGroup(of: Void.self) { group in
            group.addTask { _ = await task.result }
            group.addTask { try? await Task.sleep(for: grace) }
            await group.next()
            group.cancelAll()
        }
        await stop()
    }

    /// Stops the server entirely, including open keep-alive connections.
    func stop() async {
        stopListening()
        task.cancel()
        _ = await task.result
    }
}

/// Why a local server could not start.
public enum LocalHTTPServerError: Error, Sendable, Hashable, CustomStringConvertible {
    case couldNotBind(String)

    public var description: String {
        switch self {
        case let .couldNotBind(name): "\(name) could not bind a port on 127.0.0.1."
        }
    }
}
