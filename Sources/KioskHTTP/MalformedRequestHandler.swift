import NIOCore
import NIOHTTP1

/// Sits behind the HTTP decoder and turns its parse errors into the same problem-details answer
/// every other refusal gets: Hummingbird would otherwise answer a bare 400 with no body. The
/// answer is written by `RequestLimitHandler`, in front of the encoder, so it goes out whole
/// whatever state the decoder was left in; the error stops here.
final class MalformedRequestHandler: ChannelInboundHandler, RemovableChannelHandler {
    typealias InboundIn = Never

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        guard error is HTTPParserError else {
            context.fireErrorCaught(error)
            return
        }
        context.triggerUserOutboundEvent(RequestLimitHandler.MalformedRequest(), promise: nil)
    }
}
