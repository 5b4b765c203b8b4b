import HTTPTypes
import NIOCore
import NIOHTTP1
import NIOHTTPTypes

/// Gives a request the HTTP decoder cannot parse (a malformed request line or header, an
/// unreadable `Content-Length`) the same problem details every other refusal gets. Hummingbird
/// answers it in turn, after the responses to the requests before it on the connection, with a
/// bare 400 (`Connection: close`, no body): this handler, between the HTTP codec and Hummingbird,
/// notes the parse error as it passes (and stops `RequestLimitHandler`'s clock, which would
/// otherwise time the bytes after the refused head out as a request of their own) and fills that
/// answer in.
final class MalformedRequestHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = HTTPRequestPart
    typealias OutboundIn = HTTPResponsePart
    typealias OutboundOut = HTTPResponsePart

    private var parseFailed = false

    func errorCaught(context: ChannelHandlerContext, error: any Error) {
        if error is HTTPParserError {
            parseFailed = true
            context.triggerUserOutboundEvent(RequestLimitHandler.ParseFailed(), promise: nil)
        }
        context.fireErrorCaught(error)
    }

    func write(context: ChannelHandlerContext, data: NIOAny, promise: EventLoopPromise<Void>?) {
        guard parseFailed, case var .head(head) = unwrapOutboundIn(data), head.status == .badRequest,
              head.headerFields[.contentLength] == "0" else {
            context.write(data, promise: promise)
            return
        }
        // Hummingbird's answer to the parse error: every other 400 of these servers has a body.
        let body = context.channel.allocator.buffer(string: RequestLimitHandler.Status.malformedRequest.problem)
        head.headerFields[.contentType] = "application/problem+json"
        head.headerFields[.contentLength] = String(body.readableBytes)
        context.write(wrapOutboundOut(.head(head)), promise: nil)
        context.write(wrapOutboundOut(.body(body)), promise: promise)
    }
}
