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
            reply(pty.wantReply, true, context)
        case let variable as SSHChannelRequestEvent.EnvironmentRequest:
            reply(variable.wantReply, false, context)
        case let shell as SSHChannelRequestEvent.ShellRequest:
            reply(shell.wantReply, true, context)
            advise(context: context)
        case let exec as SSHChannelRequestEvent.ExecRequest:
            reply(exec.wantReply, true, context)
            advise(context: context)
        case let subsystem as SSHChannelRequestEvent.SubsystemRequest:
            reply(subsystem.wantReply, true, context)
            advise(context: context)
        default:
            context.fireUserInboundEventTriggered(event)
        }
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {}

    private func reply(_ wanted: Bool, _ success: Bool, _ context: ChannelHandlerContext) {
        guard wanted else { return }
        if success {
            context.triggerUserOutboundEvent(ChannelSuccessEvent(), promise: nil)
        } else {
            context.triggerUserOutboundEvent(ChannelFailureEvent(), promise: nil)
        }
    }

    private func advise(context: ChannelHandlerContext) {
        guard !answered else { return }
        answered = true
        var buffer = context.channel.allocator.buffer(capacity: Self.advice.utf8.count)
        buffer.writeString(Self.advice)
        // On stderr, so `ssh host status > file` still shows it.
        context.write(wrapOutboundOut(SSHChannelData(type: .stdErr, data: .byteBuffer(buffer))), promise: nil)
        context.flush()
        context.triggerUserOutboundEvent(SSHChannelRequestEvent.ExitStatus(exitStatus: 1), promise: nil)
        context.close(promise: nil)
    }

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        context.close(promise: nil)
    }
}
