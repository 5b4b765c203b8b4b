import Foundation
import NIOCore

/// Watches the raw bytes of each HTTP/1.1 request before the decoder sees them and enforces
/// `HTTPServerLimits`: a head longer than `maxHeaderBytes` is answered 431, a declared
/// `Content-Length` above `maxBodyBytes` 413 (before a byte of the body is read), and a request
/// not fully received within `requestTimeout` 408; each of these then closes the connection.
///
/// A request head is held back until it is complete (it is bounded by the limit), then passed on
/// whole; its body is passed on as it arrives while its declared length is counted down, so the
/// next request's head is found again on a kept-alive connection. A chunked body is followed
/// chunk by chunk (`ChunkedBodyCounter`): once its sizes add up past `maxBodyBytes` it is
/// answered 413, and broken chunk framing 400, each closing the connection. Once the decoder has
/// refused the bytes (`ParseFailed`, from `MalformedRequestHandler`) the server answers that
/// itself: the clock stops and what follows is dropped, so no 408 overtakes its answer.
final class RequestLimitHandler: ChannelDuplexHandler, RemovableChannelHandler {
    typealias InboundIn = ByteBuffer
    typealias InboundOut = ByteBuffer
    typealias OutboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    /// Sent toward the socket by `MalformedRequestHandler` when the decoder fails.
    struct ParseFailed {}

    private enum State {
        /// Reading a request head; `head` holds its bytes so far.
        case head
        /// Passing on a body with this many bytes still to come.
        case body(remaining: Int)
        /// Passing on a chunked body while its framing is followed and its size counted.
        case chunked(ChunkedBodyCounter)
        /// An answer was sent (or the server is answering a request the decoder refused) and the
        /// connection is closing: input is dropped.
        case rejected
    }

    private static let headEnd: [UInt8] = Array("\r\n\r\n".utf8)

    private let limits: HTTPServerLimits
    private var state = State.head
    private var head: [UInt8] = []
    private var deadline: Scheduled<Void>?

    init(limits: HTTPServerLimits) {
        self.limits = limits
    }

    func handlerAdded(context: ChannelHandlerContext) {
        if context.channel.isActive { startDeadline(context: context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        startDeadline(context: context)
        context.fireChannelActive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        deadline?.cancel()
    }

    func channelInactive(context: ChannelHandlerContext) {
        deadline?.cancel()
        context.fireChannelInactive()
    }

    func triggerUserOutboundEvent(context: ChannelHandlerContext, event: Any, promise: EventLoopPromise<Void>?) {
        guard event is ParseFailed else {
            context.triggerUserOutboundEvent(event, promise: promise)
            return
        }
        state = .rejected
        head = []
        deadline?.cancel()
        deadline = nil
        promise?.succeed()
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        var buffer = unwrapInboundIn(data)
        while buffer.readableBytes > 0 {
            switch state {
            case .rejected:
                return
            case var .chunked(counter):
                let outcome = buffer.withUnsafeReadableBytes { counter.advance(over: $0) }
                switch outcome {
                case .needsMore:
                    state = .chunked(counter)
                    context.fireChannelRead(wrapInboundOut(buffer))
                    return
                case let .finished(consumed):
                    if let part = buffer.readSlice(length: consumed) { context.fireChannelRead(wrapInboundOut(part)) }
                    state = .head
                    deadline?.cancel()
                    deadline = nil
                case .tooLarge:
                    reject(.contentTooLarge, context: context)
                    return
                case .malformed:
                    reject(.badRequest, context: context)
                    return
                }
            case let .body(remaining):
                let count = min(remaining, buffer.readableBytes)
                if let part = buffer.readSlice(length: count) { context.fireChannelRead(wrapInboundOut(part)) }
                if count == remaining {
                    state = .head
                    deadline?.cancel()
                    deadline = nil
                } else {
                    state = .body(remaining: remaining - count)
                }
            case .head:
                readHead(from: &buffer, context: context)
            }
        }
    }

    /// Moves bytes into `head` until it ends, then checks it and passes it on.
    private func readHead(from buffer: inout ByteBuffer, context: ChannelHandlerContext) {
        if head.isEmpty && deadline == nil { startDeadline(context: context) }
        while let byte = buffer.readInteger(as: UInt8.self) {
            head.append(byte)
            if head.count > limits.maxHeaderBytes {
                reject(.requestHeaderFieldsTooLarge, context: context)
                return
            }
            if byte == UInt8(ascii: "\n"), head.suffix(4).elementsEqual(Self.headEnd) { break }
        }
        guard head.suffix(4).elementsEqual(Self.headEnd) else { return }
        let framing = Self.framing(of: head)
        if let length = framing.contentLength, length > limits.maxBodyBytes {
            reject(.contentTooLarge, context: context)
            return
        }
        context.fireChannelRead(wrapInboundOut(context.channel.allocator.buffer(bytes: head)))
        head.removeAll(keepingCapacity: true)
        if framing.chunked {
            state = .chunked(ChunkedBodyCounter(maxBodyBytes: limits.maxBodyBytes, maxLineBytes: limits.maxHeaderBytes))
        } else if let length = framing.contentLength, length > 0 {
            state = .body(remaining: length)
        } else {
            deadline?.cancel()
            deadline = nil
        }
    }

    /// The head's declared body: its `Content-Length` (nil when absent or unreadable, which the
    /// decoder then rejects) and whether it is chunked.
    private static func framing(of head: [UInt8]) -> (contentLength: Int?, chunked: Bool) {
        var contentLength: Int?
        var chunked = false
        for line in head.split(separator: UInt8(ascii: "\n")).dropFirst() {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")) else { continue }
            let name = String(decoding: line[line.startIndex..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[line.index(after: colon)...], as: UTF8.self)
                .trimmingCharacters(in: .whitespacesAndNewlines)
            switch name {
            case "content-length":
                // Digits only; a length too large for an Int is certainly too large.
                guard !value.isEmpty, value.utf8.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else {
                    continue
                }
                contentLength = Int(value) ?? Int.max
            case "transfer-encoding":
                chunked = true
            default:
                continue
            }
        }
        return (contentLength, chunked)
    }

    private func startDeadline(context: ChannelHandlerContext) {
        deadline?.cancel()
        let loopBound = NIOLoopBound((self, context), eventLoop: context.eventLoop)
        deadline = context.eventLoop.scheduleTask(in: TimeAmount(limits.requestTimeout)) {
            let (handler, context) = loopBound.value
            handler.reject(.requestTimeout, context: context)
        }
    }

    /// Answers `status` straight to the socket (the HTTP encoder sits behind this handler), stops
    /// sending, and closes once the client has hung up or another timeout has passed; closing at
    /// once with unread input would reset the connection and could lose the answer.
    private func reject(_ status: Status, context: ChannelHandlerContext) {
        if case .rejected = state { return }
        do {
            state = .rejected
            head = []
            deadline?.cancel()
            let body = status.problem
            let text = "HTTP/1.1 \(status.line)\r\nConnection: close\r\nContent-Type: application/problem+json\r\n"
                + "Content-Length: \(body.utf8.count)\r\n\r\n\(body)"
            let channel = context.channel
            context.writeAndFlush(wrapOutboundOut(channel.allocator.buffer(string: text))).whenComplete { _ in
                channel.close(mode: .output, promise: nil)
            }
            deadline = context.eventLoop.scheduleTask(in: TimeAmount(limits.requestTimeout)) {
                channel.close(promise: nil)
            }
        }
    }

    /// The answers this handler gives itself, and the malformed request's, which
    /// `MalformedRequestHandler` puts in Hummingbird's answer.
    enum Status {
        case badRequest, malformedRequest, requestTimeout, contentTooLarge, requestHeaderFieldsTooLarge

        var line: String {
            switch self {
            case .badRequest, .malformedRequest: "400 Bad Request"
            case .requestTimeout: "408 Request Timeout"
            case .contentTooLarge: "413 Content Too Large"
            case .requestHeaderFieldsTooLarge: "431 Request Header Fields Too Large"
            }
        }

        var reason: String {
            switch self {
            case .badRequest: "The request body's chunked framing is broken."
            case .malformedRequest: "The request is not valid HTTP/1.1 (its request line, a header or its length)."
            case .requestTimeout: "The request was not received in time."
            case .contentTooLarge: "The request body is too large."
            case .requestHeaderFieldsTooLarge: "The request headers are too large."
            }
        }

        /// The answer as problem details (RFC 9457), like every other error the servers give:
        /// a stable type, the status, the reason. The texts are fixed, so no escaping is needed.
        var problem: String {
            let (kind, code): (String, Int) = switch self {
            case .badRequest: ("invalid-request", 400)
            case .malformedRequest: ("malformed-request", 400)
            case .requestTimeout: ("request-timeout", 408)
            case .contentTooLarge: ("content-too-large", 413)
            case .requestHeaderFieldsTooLarge: ("headers-too-large", 431)
            }
            let title = line.drop { $0 != " " }.dropFirst()
            return #"{"type":"https://kiosk.dev/problems/\#(kind)","title":"\#(title)","status":\#(code),"detail":"\#(reason)"}"#
        }
    }
}
