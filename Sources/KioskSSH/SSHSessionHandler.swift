import Logging
import NIOCore
import NIOSSH

/// One SSH session channel: its pty and environment requests describe the terminal, `shell` starts
/// the storefront on it, `exec` runs a read-only command, window changes resize it. Subsystems
/// (sftp) are refused; so are agent and X11 forwarding, which swift-nio-ssh answers with a failure
/// as requests it does not know. Everything here runs on the channel's event loop.
final class SSHSessionHandler: ChannelDuplexHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    static let noPtyMessage = "The Kiosk storefront is a full-screen program: connect with `ssh -t` (or without a command) to get a terminal.\r\n"
    static let idleWarning = "\u{1b}7\u{1b}[1;1H\u{1b}[2K\u{1b}[7m This session closes in a minute unless you press a key. \u{1b}[0m\u{1b}8"

    private enum Phase {
        case setup, starting, running(any SSHStorefrontSession), ending, closed
    }

    private let identity: SSHIdentity
    private let address: String
    private let storefront: any SSHStorefront
    private let admission: SSHAdmission
    private let registry: SSHSessionRegistry
    private let logger: Logger
    private var terminal: SSHTerminalRequest?
    private var environment: [String: String] = [:]
    private var phase = Phase.setup
    private var admitted = false
    private var pendingOutput = 0
    private var idleWarningTask: Scheduled<Void>?
    private var idleCloseTask: Scheduled<Void>?
    private var registration: Int?

    init(identity: SSHIdentity, address: String, storefront: any SSHStorefront, admission: SSHAdmission,
         registry: SSHSessionRegistry, logger: Logger) {
        self.identity = identity
        self.address = address
        self.storefront = storefront
        self.admission = admission
        self.registry = registry
        self.logger = logger
    }

    private var metadata: Logger.Metadata {
        ["fingerprint": "\(identity.fingerprint)", "account": "\(identity.accountID)", "address": "\(address)"]
    }

    // MARK: Requests

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let pty as SSHChannelRequestEvent.PseudoTerminalRequest:
            terminal = SSHTerminalRequest(term: pty.term, columns: Self.clamp(pty.terminalCharacterWidth, 1...1_000),
                                          rows: Self.clamp(pty.terminalRowHeight, 1...500))
            context.reply(pty.wantReply, true)
        case let variable as SSHChannelRequestEvent.EnvironmentRequest:
            let accepted = SSHTerminalRequest.acceptedVariables.contains(variable.name) && variable.value.utf8.count <= 256
            if accepted { environment[variable.name] = variable.value }
            context.reply(variable.wantReply, accepted)
        case let shell as SSHChannelRequestEvent.ShellRequest:
            guard case .setup = phase else { return context.reply(shell.wantReply, false) }
            context.reply(shell.wantReply, true)
            startShell(context: context)
        case let exec as SSHChannelRequestEvent.ExecRequest:
            guard case .setup = phase else { return context.reply(exec.wantReply, false) }
            context.reply(exec.wantReply, true)
            runCommand(exec.command, context: context)
        case let change as SSHChannelRequestEvent.WindowChangeRequest:
            terminal?.columns = Self.clamp(change.terminalCharacterWidth, 1...1_000)
            terminal?.rows = Self.clamp(change.terminalRowHeight, 1...500)
            if case .running(let session) = phase, let terminal { session.resize(columns: terminal.columns, rows: terminal.rows) }
        case let subsystem as SSHChannelRequestEvent.SubsystemRequest:
            logger.info("ssh: subsystem refused", metadata: metadata.merging(["subsystem": "\(subsystem.subsystem)"]) { $1 })
            context.reply(subsystem.wantReply, false)
        case ChannelEvent.inputClosed:
            // The client has nothing more to type (`ssh host status < /dev/null` says so at once):
            // a command still answers; a storefront session has no more input and ends.
            if case .running = phase { end(goodbye: nil, context: context) }
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    private func startShell(context: ChannelHandlerContext) {
        guard var terminal else {
            return finish(with: Self.noPtyMessage, status: 1, context: context)
        }
        if let refusal = admission.open(fingerprint: identity.fingerprint, address: address) {
            logger.info("ssh: session refused", metadata: metadata.merging(["reason": "\(refusal)"]) { $1 })
            return finish(with: "\(refusal)\r\n", status: 1, context: context)
        }
        admitted = true
        terminal.environment = environment
        phase = .starting
        let loop = context.eventLoop
        let bound = NIOLoopBound((self, context), eventLoop: loop)
        let output = SSHSessionOutput(write: { bytes in
            loop.execute { bound.value.0.send(bytes, context: bound.value.1) }
        }, close: {
            loop.execute { bound.value.0.sessionEnded(context: bound.value.1) }
        })
        let (storefront, identity, request) = (storefront, identity, terminal)
        logger.info("ssh: session started", metadata: metadata.merging(["term": "\(terminal.term)",
                                                                           "size": "\(terminal.columns)x\(terminal.rows)"]) { $1 })
        let started = loop.makeFutureWithTask {
            try await storefront.startSession(for: identity, terminal: request, output: output)
        }
        started.whenComplete { result in
            let (handler, context) = bound.value
            switch result {
            case .success(let session):
                guard case .starting = handler.phase, context.channel.isActive else {
                    session.end(goodbye: nil)
                    handler.phase = .closed
                    context.close(promise: nil)
                    return
                }
                handler.phase = .running(session)
                handler.registration = handler.registry.add { goodbye in
                    loop.execute { bound.value.0.end(goodbye: goodbye, context: bound.value.1) }
                }
                handler.armIdleTimer(context: context)
            case .failure(let refusal as SSHSessionRefused):
                handler.logger.info("ssh: session refused", metadata: handler.metadata.merging(["reason": "\(refusal)"]) { $1 })
                handler.finish(with: "\(refusal)\r\n", status: 1, context: context)
            case .failure(let error):
                handler.logger.error("ssh: the storefront did not start", metadata: handler.metadata.merging(["error": "\(error)"]) { $1 })
                handler.finish(with: "The storefront could not start; please try again later.\r\n", status: 1, context: context)
            }
        }
    }

    private func runCommand(_ command: String, context: ChannelHandlerContext) {
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        let (storefront, identity) = (storefront, identity)
        logger.info("ssh: exec", metadata: metadata.merging(["command": "\(command.prefix(40))"]) { $1 })
        context.eventLoop.makeFutureWithTask {
            await storefront.run(command: command, for: identity)
        }.whenSuccess { result in
            let (handler, context) = bound.value
            handler.finish(with: result.output, status: result.exitStatus, context: context)
        }
    }

    /// Writes `text`, the exit status and closes: for a session that never runs the storefront.
    private func finish(with text: String, status: Int, context: ChannelHandlerContext) {
        phase = .closed
        context.finish(with: text, status: status)
    }

    // MARK: Data

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        let message = unwrapInboundIn(data)
        guard case .running(let session) = phase, message.type == .channel, case .byteBuffer(var buffer) = message.data else { return }
        guard buffer.readableBytes <= admission.limits.inputBufferBytes, let bytes = buffer.readBytes(length: buffer.readableBytes) else {
            logger.warning("ssh: input past its bound; closing", metadata: metadata)
            return end(goodbye: "Too much input at once; the session is closed.", context: context)
        }
        armIdleTimer(context: context)
        session.receive(bytes)
    }

    /// A frame from the session. A client that stops reading leaves bytes queued here: past the
    /// bound its session is dropped rather than the queue grown.
    private func send(_ bytes: [UInt8], context: ChannelHandlerContext) {
        guard context.channel.isActive else { return }
        guard pendingOutput + bytes.count <= admission.limits.outputBufferBytes else {
            logger.warning("ssh: the client stopped reading; dropping its session", metadata: metadata)
            if case .running(let session) = phase { session.end(goodbye: nil) }
            phase = .closed
            context.close(promise: nil)
            return
        }
        pendingOutput += bytes.count
        let count = bytes.count
        var buffer = context.channel.allocator.buffer(capacity: count)
        buffer.writeBytes(bytes)
        let promise = context.eventLoop.makePromise(of: Void.self)
        let bound = NIOLoopBound(self, eventLoop: context.eventLoop)
        promise.futureResult.whenComplete { _ in bound.value.pendingOutput -= count }
        context.writeAndFlush(wrapOutboundOut(SSHChannelData(type: .channel, data: .byteBuffer(buffer))), promise: promise)
    }

    // MARK: Ending

    private func end(goodbye: String?, context: ChannelHandlerContext) {
        switch phase {
        case .running(let session):
            phase = .ending
            session.end(goodbye: goodbye)
        case .starting:
            phase = .ending
        case .setup:
            phase = .closed
            context.close(promise: nil)
        case .ending, .closed:
            break
        }
    }

    /// The session restored the terminal and stopped: the channel closes with status 0.
    private func sessionEnded(context: ChannelHandlerContext) {
        if case .closed = phase { return }
        phase = .closed
        guard context.channel.isActive else { return }
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: 0), promise: nil)
        context.close(promise: nil)
    }

    private func armIdleTimer(context: ChannelHandlerContext) {
        idleWarningTask?.cancel()
        idleCloseTask?.cancel()
        let timeout = admission.limits.idleTimeout
        let bound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        if timeout > .minutes(1) {
            idleWarningTask = context.eventLoop.scheduleTask(in: timeout - .minutes(1)) {
                bound.value.0.send(Array(Self.idleWarning.utf8), context: bound.value.1)
            }
        }
        idleCloseTask = context.eventLoop.scheduleTask(in: timeout) {
            let (handler, context) = bound.value
            handler.logger.info("ssh: idle; closing", metadata: handler.metadata)
            handler.end(goodbye: "Closed after \(timeout.nanoseconds / 60_000_000_000) idle minutes. Goodbye!", context: context)
        }
    }

    func channelInactive(context: ChannelHandlerContext) {
        idleWarningTask?.cancel()
        idleCloseTask?.cancel()
        if case .running(let session) = phase { session.end(goodbye: nil) }
        phase = .closed
        // The slot is freed before the registry lets go, so a shutdown that waited for the
        // registry to empty finds no session still counted.
        if admitted {
            admitted = false
            admission.close(fingerprint: identity.fingerprint, address: address)
            logger.info("ssh: session ended", metadata: metadata)
        }
        if let registration { registry.remove(registration) }
        context.fireChannelInactive()
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        logger.info("ssh: session channel error", metadata: metadata.merging(["error": "\(error)"]) { $1 })
        context.close(promise: nil)
    }

    private static func clamp(_ value: Int, _ range: ClosedRange<Int>) -> Int {
        min(max(value, range.lowerBound), range.upperBound)
    }
}
