import Logging
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH

/// The storefront over SSH (`kiosk serve --ssh-port`): swift-nio-ssh in this process, one
/// storefront session per session channel, identity by public key.
public final class SSHServer: Sendable {
    public let host: String
    public let port: Int
    public let hostKey: SSHHostKey
    private let channel: any Channel
    private let connections: NIOLockedValueBox<[ObjectIdentifier: any Channel]>
    private let registry: SSHSessionRegistry
    private let admission: SSHAdmission

    private init(host: String, port: Int, hostKey: SSHHostKey, channel: any Channel,
                 connections: NIOLockedValueBox<[ObjectIdentifier: any Channel]>, registry: SSHSessionRegistry, admission: SSHAdmission) {
        self.host = host
        self.port = port
        self.hostKey = hostKey
        self.channel = channel
        self.connections = connections
        self.registry = registry
        self.admission = admission
    }

    /// Listens on `host:port` (0: any free port) until `shutdown`.
    public static func start(host: String, port: Int, hostKey: SSHHostKey, limits: SSHLimits = SSHLimits(),
                             storefront: any SSHStorefront, resolve: @escaping SSHIdentityResolver, logger: Logger,
                             group: any EventLoopGroup = MultiThreadedEventLoopGroup.singleton) async throws -> SSHServer {
        let admission = SSHAdmission(limits: limits)
        let registry = SSHSessionRegistry()
        let connections = NIOLockedValueBox<[ObjectIdentifier: any Channel]>([:])
        let bootstrap = ServerBootstrap(group: group)
            .serverChannelOption(ChannelOptions.socketOption(.so_reuseaddr), value: 1)
            .childChannelOption(ChannelOptions.socketOption(.tcp_nodelay), value: 1)
            .childChannelInitializer { channel in
                let address = channel.remoteAddress?.ipAddress ?? "unknown"
                // Every connection counts as a sign-in attempt: swift-nio-ssh refuses a wrong
                // signature or an unknown key type itself, unseen by the authenticator, so only
                // the connections carrying them can be counted (and each carries at most
                // `maxAuthAttempts`).
                if !admission.attempt(from: address) {
                    logger.warning("ssh: connection refused: too many sign-in attempts", metadata: ["address": "\(address)"])
                    return channel.close()
                }
                let id = ObjectIdentifier(channel)
                connections.withLockedValue { $0[id] = channel }
                let state = SSHConnectionState(address: address)
                channel.closeFuture.whenComplete { _ in
                    _ = connections.withLockedValue { $0.removeValue(forKey: id) }
                    // Here rather than in channelInactive, which NIOSSHHandler does not pass on.
                    if let identity = state.identity {
                        Task { await storefront.connectionEnded(for: identity) }
                    }
                }
                return channel.eventLoop.makeCompletedFuture {
                    let authenticator = SSHAuthenticator(connection: state, admission: admission, resolve: resolve, logger: logger,
                                                         close: { channel.close(promise: nil) })
                    var configuration = SSHServerConfiguration(hostKeys: [hostKey.nioKey],
                                                               userAuthDelegate: authenticator)
                    configuration.maxAuthAttempts = 10
                    let handler = NIOSSHHandler(role: .server(configuration), allocator: channel.allocator) { child, type in
                        Self.initialize(child, type: type, state: state, storefront: storefront, admission: admission,
                                        registry: registry, logger: logger)
                    }
                    try channel.pipeline.syncOperations.addHandler(handler)
                    try channel.pipeline.syncOperations.addHandler(SSHConnectionErrorHandler(state: state, logger: logger))
                }
            }
        let channel = try await bootstrap.bind(host: host, port: port).get()
        let bound = channel.localAddress?.port ?? port
        return SSHServer(host: host, port: bound, hostKey: hostKey, channel: channel, connections: connections,
                         registry: registry, admission: admission)
    }

    private static func initialize(_ child: any Channel, type: SSHChannelType, state: SSHConnectionState,
                                   storefront: any SSHStorefront, admission: SSHAdmission, registry: SSHSessionRegistry,
                                   logger: Logger) -> EventLoopFuture<Void> {
        // Channels open only after a sign-in: one without an identity is the key advice's.
        if case .session = type, state.identity == nil {
            return child.eventLoop.makeCompletedFuture {
                try child.pipeline.syncOperations.addHandler(SSHKeyAdviceHandler())
            }
        }
        guard case .session = type, let identity = state.identity else {
            // Port forwarding (direct-tcpip) and anything else but a session.
            logger.info("ssh: channel refused", metadata: ["type": "\(type)", "address": "\(state.address)"])
            return child.eventLoop.makeFailedFuture(SSHChannelRefused())
        }
        return child.eventLoop.makeCompletedFuture {
            try child.syncOptions?.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
            try child.pipeline.syncOperations.addHandler(
                SSHSessionHandler(identity: identity, address: state.address, storefront: storefront, admission: admission,
                                  registry: registry, logger: logger))
        }
    }

    /// Sessions running now.
    public var openSessions: Int { admission.openSessions }

    /// Stops listening, tells each session `goodbye` and waits (a few seconds at most) for them
    /// to restore their terminals, then closes every connection.
    public func shutdown(goodbye: String = "The storefront is restarting; please connect again in a moment.") async {
        try? await channel.close()
        registry.sayGoodbye(goodbye)
        for _ in 0..<50 where !registry.isEmpty {
            try? await Task.sleep(for: .milliseconds(40))
        }
        let open = connections.withLockedValue { Array($0.values) }
        for connection in open {
            try? await connection.close()
        }
    }
}

struct SSHChannelRefused: Error, CustomStringConvertible {
    var description: String { "only session channels are served" }
}

/// Ends a connection on a protocol error.
final class SSHConnectionErrorHandler: ChannelInboundHandler {
    typealias InboundIn = Any

    private let state: SSHConnectionState
    private let logger: Logger

    init(state: SSHConnectionState, logger: Logger) {
        self.state = state
        self.logger = logger
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.info("ssh: connection closed on an error", metadata: ["address": "\(state.address)", "error": "\(error)"])
        context.close(promise: nil)
    }
}
