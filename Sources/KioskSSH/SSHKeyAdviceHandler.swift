import NIOCore
import NIOSSH

/// The one thing a connection without a usable key gets (see `SSHAuthenticator`): each session
/// it opens, shell or command, with or without a pty, is told which key to make, then closed with
/// status 1. Nothing of the store is reached.
final class SSHKeyAdviceHandler: ChannelInboundHandler {
    typealias InboundIn = SSHChannelData
    typealias OutboundOut = SSHChannelData

    /// Lines shorter than 80 columns, so no terminal wraps them.
    static let advice = """
        This storefront signs you in with your SSH key: ed25519 or ECDSA.\r
        Your client offered none it can verify (RSA keys are not supported).\r
        Make an ed25519 key and connect again:  ssh-keygen -t ed25519\r

        """

    private var answered = false

    func userInboundEventTriggered(context: ChannelHandlerContext, event: Any) {
        switch event {
        case let pty as SSHChannelRequestEvent.PseudoTerminalRequest:
            context.reply(pty.wantReply, true)
        case let variable as SSHChannelRequestEvent.EnvironmentRequest:
            context.reply(variable.wantReply, false)
        case let shell as SSHChannelRequestEvent.ShellRequest:
            context.reply(shell.wantReply, true)
            advise(context: context)
        case let exec as SSHChannelRequestEvent.ExecRequest:
            context.reply(exec.wantReply, true)
            advise(context: context)
        case let subsystem as SSHChannelRequestEvent.SubsystemRequest:
            context.reply(subsystem.wantReply, true)
            advise(context: context)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    private func advise(context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
        // On stderr, so `ssh host status > file` still shows it.
        context.finish(with: Self.advice, on: .stdErr, status: 1)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}

extension ChannelHandlerContext {
    /// Answers a channel request that asked for an answer.
    func reply(_ wanted: Bool, _ success: Bool) {
        guard wanted else { return }
        triggerUserOutboundEvent(success ? ChannelSuccessEvent() as Any : ChannelFailureEvent() as Any, promise: nil)
    }

    /// Writes `text` on `type`, then the exit status, and closes the channel: for a session that
    /// never runs the storefront.
    func finish(with text: String, on type: SSHChannelData.DataType = .channel, status: Int) {
        guard channel.isActive else { return }
        var buffer = channel.allocator.buffer(capacity: text.utf8.count)
        buffer.writeString(text)
        write(NIOAny(SSHChannelData(type: type, data: .byteBuffer(buffer))), promise: nil)
        flush()
        triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: status), promise: nil)
        close(promise: nil)
    }
}
