import Hummingbird
import HummingbirdCore
import Logging
import NIOCore

/// Hummingbird's HTTP/1.1 child channel, shared by every Kiosk server (the hosted checkout, the
/// loopback listener, `kiosk serve`), with `RequestLimitHandler` in front of its HTTP decoder,
/// so the limits apply to the raw bytes before any of them is parsed or buffered, and
/// `MalformedRequestHandler` behind it, so a request it cannot parse gets problem details too.
public struct LimitedHTTP1Channel: ServerChildChannel {
    public typealias Value = HTTP1Channel.Value

    let inner: HTTP1Channel
    let limits: HTTPServerLimits

    public init(responder: @escaping HTTPChannelHandler.Responder, limits: HTTPServerLimits) {
        var configuration = HTTP1Channel.Configuration(additionalChannelHandlers: [MalformedRequestHandler()],
                                                       idleTimeout: TimeAmount(limits.idleTimeout))
        // The decoder's own limits stay as a backstop above ours (it answers 400, not 431).
        configuration.httpDecoder = .init(maxHeaderFieldSize: limits.maxHeaderBytes * 2,
                                          maxHeaderListSize: limits.maxHeaderBytes * 2)
        inner = HTTP1Channel(responder: responder, configuration: configuration)
        self.limits = limits
    }

    public func setup(channel: any Channel, logger: Logger) -> EventLoopFuture<Value> {
        channel.eventLoop.makeCompletedFuture {
            try channel.pipeline.syncOperations.addHandler(RequestLimitHandler(limits: limits))
        }.flatMap {
            inner.setup(channel: channel, logger: logger)
        }
    }

    public func handle(value: Value, logger: Logger) async {
        await inner.handle(value: value, logger: logger)
    }
}
