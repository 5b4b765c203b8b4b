import Crypto
import Foundation
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import NIOSSH

/// An in-process SSH client (swift-nio-ssh's own) for protocol tests: one connection, its
/// session channels, what each received.
final class SSHTestClient: Sendable {
    let connection: any Channel
    private let handler: NIOLoopBound<NIOSSHHandler>

    private init(connection: any Channel, handler: NIOLoopBound<NIOSSHHandler>) {
        self.connection = connection
        self.handler = handler
    }

    enum Credential: Sendable {
        /// An ed25519 private key's raw bytes.
        case key(Data)
        case password(String)
        /// The key, then (once it is refused) the password, as OpenSSH goes from method to method.
        indirect case then(Credential, Credential)
    }

    static func connect(port: Int, user: String = "ada", credential: Credential) async throws -> SSHTestClient {
        let authenticated = MultiThreadedEventLoopGroup.singleton.next().makePromise(of: Void.self)
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .channelInitializer { channel in
                channel.eventLoop.makeCompletedFuture {
                    let offer = OneOffer(user: user, credential: credential, refused: authenticated)
                    var configuration = SSHClientConfiguration(userAuthDelegate: offer,
                                                               serverAuthDelegate: AnyHostKey())
                    // The smallest packet size RFC 4253 allows: each session's receive window is then
                    // 64 packets (2 MB), not the default 8 MB, so a flood overruns it quickly.
                    configuration.maximumPacketSize = 32 << 10
                    try channel.pipeline.syncOperations.addHandler(
                        NIOSSHHandler(role: .client(configuration), allocator: channel.allocator, inboundChildChannelInitializer: nil))
                    try channel.pipeline.syncOperations.addHandler(AuthWatcher(promise: authenticated))
                }
            }
            .connect(host: "127.0.0.1", port: port).get()
        channel.closeFuture.whenComplete { _ in authenticated.fail(SSHTestClientError.closed) }
        do {
            try await authenticated.futureResult.get()
        } catch {
            try? await channel.close()
            throw error
        }
        let handler = try await channel.eventLoop.submit {
            NIOLoopBound(try channel.pipeline.syncOperations.handler(type: NIOSSHHandler.self), eventLoop: channel.eventLoop)
        }.get()
        return SSHTestClient(connection: channel, handler: handler)
    }

    /// Opens a session channel and sends `requests` (pty, env, shell, exec…) in order.
    func session(_ requests: [any Sendable]) async throws -> SSHTestSession {
        let recorder = SessionRecorder()
        let opened = connection.eventLoop.makePromise(of: (any Channel).self)
        let handler = self.handler
        connection.eventLoop.execute {
            handler.value.createChannel(opened, channelType: .session) { child, _ in
                child.eventLoop.makeCompletedFuture {
                    try child.syncOptions?.setOption(ChannelOptions.allowRemoteHalfClosure, value: true)
                    try child.pipeline.syncOperations.addHandler(recorder)
                }
            }
        }
        let child = try await opened.futureResult.get()
        for request in requests {
            try await child.triggerUserOutboundEvent(request).get()
        }
        return SSHTestSession(channel: child, recorder: recorder)
    }

    func close() async {
        try? await connection.close()
    }
}

enum SSHTestClientError: Error {
    case closed
    /// The server refused the one credential offered.
    case refused
}

/// One session channel as the client sees it.
struct SSHTestSession: Sendable {
    let channel: any Channel
    let recorder: SessionRecorder

    func send(_ text: String) async throws {
        var buffer = channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        try await channel.writeAndFlush(SSHChannelData(type: .channel, data: .byteBuffer(buffer))).get()
    }

    /// Waits for the channel to close; what it received and its exit status.
    func finished() async throws -> (output: String, exitStatus: Int?) {
        try await channel.closeFuture.get()
        return recorder.snapshot
    }

    /// Waits until the output contains `text` (or the channel closes).
    func waitFor(_ text: String) async -> String {
        await recorder.waitFor(text)
    }
}

final class SessionRecorder: ChannelInboundHandler, Sendable {
    typealias InboundIn = SSHChannelData

    private struct State {
        var output = ""
        var exitStatus: Int?
        var replies: [Bool] = []
        var closed = false
        var waiters: [(String, CheckedContinuation<String, Never>)] = []
    }

    private let state = NIOLockedValueBox(State())

    var snapshot: (output: String, exitStatus: Int?) { state.withLockedValue { ($0.output, $0.exitStatus) } }
    var replies: [Bool] { state.withLockedValue { $0.replies } }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard case .byteBuffer(let buffer) = unwrapInboundIn(data).data else { return }
        update { $0.output += String(buffer: buffer) }
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let status as SSHChannelRequestEvent.ExitStatus: update { $0.exitStatus = status.exitStatus }
        case is ChannelSuccessEvent: update { $0.replies.append(true) }
        case is ChannelFailureEvent: update { $0.replies.append(false) }
        default: context.fireUserInboundEventTriggered(event)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        update { $0.closed = true }
    }

    func waitFor(_ text: String) async -> String {
        await withCheckedContinuation { continuation in
            let ready: String? = state.withLockedValue { state in
                if state.output.contains(text) || state.closed { return state.output }
                state.waiters.append((text, continuation))
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }

    private func update(_ change: (inout State) -> Void) {
        let woken: [(CheckedContinuation<String, Never>, String)] = state.withLockedValue { state in
            change(&state)
            let (ready, waiting) = (state.waiters.filter { state.output.contains($0.0) || state.closed },
                                    state.waiters.filter { !(state.output.contains($0.0) || state.closed) })
            state.waiters = waiting
            return ready.map { ($0.1, state.output) }
        }
        for (continuation, output) in woken { continuation.resume(returning: output) }
    }
}

private final class OneOffer: NIOSSHClientUserAuthenticationDelegate {
    let user: String
    let credential: SSHTestClient.Credential
    /// Failed when the server asks again after the one offer: an SSH client with nothing more to
    /// offer simply waits (it is for the client to hang up), so the test would wait forever.
    let refused: EventLoopPromise<Void>
    var pending: [SSHTestClient.Credential]

    init(user: String, credential: SSHTestClient.Credential, refused: EventLoopPromise<Void>) {
        self.user = user
        self.credential = credential
        self.refused = refused
        pending = [credential]
    }

    func nextAuthenticationType(availableMethods: NIOSSHAvailableUserAuthenticationMethods,
                                nextChallengePromise: EventLoopPromise<NIOSSHUserAuthenticationOffer?>) {
        var next: SSHTestClient.Credential
        switch pending.first {
        case nil:
            refused.fail(SSHTestClientError.refused)
            return nextChallengePromise.succeed(nil)
        case .then(let first, let second):
            next = first
            pending = [second]
        case let single?:
            next = single
            pending = []
        }
        switch next {
        case .then:
            return nextChallengePromise.succeed(nil)
        case .key(let raw):
            guard let key = try? Curve25519.Signing.PrivateKey(rawRepresentation: raw) else { return nextChallengePromise.succeed(nil) }
            nextChallengePromise.succeed(NIOSSHUserAuthenticationOffer(
                username: user, serviceName: "", offer: .privateKey(.init(privateKey: NIOSSHPrivateKey(ed25519Key: key)))))
        case .password(let password):
            nextChallengePromise.succeed(NIOSSHUserAuthenticationOffer(username: user, serviceName: "", offer: .password(.init(password: password))))
        }
    }
}

private final class AnyHostKey: NIOSSHClientServerAuthenticationDelegate {
    func validateHostKey(hostKey: NIOSSHPublicKey, validationCompletePromise: EventLoopPromise<Void>) {
        validationCompletePromise.succeed(())
    }
}

/// Completes when the server accepts the client's credential.
private final class AuthWatcher: ChannelInboundHandler {
    typealias InboundIn = Any
    let promise: EventLoopPromise<Void>

    init(promise: EventLoopPromise<Void>) {
        self.promise = promise
    }

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        if event is UserAuthSuccessEvent { promise.succeed(()) }
        context.fireUserInboundEventTriggered(event)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        promise.fail(error)
        context.close(promise: nil)
    }
}
