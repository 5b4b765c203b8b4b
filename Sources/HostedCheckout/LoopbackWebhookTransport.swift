import Foundation
import NIOCore
import NIOHTTP1
import NIOPosix
import PaymentsCore

/// Delivers the checkout simulator's webhooks by HTTP POST, as the provider's servers would, to
/// the `/webhooks` of the server that sent them. That address is always this server's own plain
/// HTTP listener, so one HTTP/1.1 exchange over NIO (which the server runs on) does it: no TLS,
/// proxy or pool, and the terminal executable links no general HTTP client (issue 37).
public struct LoopbackWebhookTransport: WebhookTransport {
    public let endpoint: URL
    /// How long one delivery may take before it counts as failed and is retried on schedule.
    public var timeout: TimeAmount = .seconds(10)

    public init(endpoint: URL) {
        self.endpoint = endpoint
    }

    public func send(headers: WebhookHeaders, body: Data) async throws -> Int {
        guard endpoint.scheme == "http", let host = endpoint.host, let port = endpoint.port else {
            throw LoopbackDeliveryFailure("\(endpoint) is not a plain http://host:port address")
        }
        let channel = try await ClientBootstrap(group: MultiThreadedEventLoopGroup.singleton)
            .connectTimeout(timeout)
            .connect(host: host, port: port) { channel in
                channel.eventLoop.makeCompletedFuture {
                    try channel.pipeline.syncOperations.addHTTPClientHandlers()
                    return try NIOAsyncChannel<HTTPClientResponsePart, HTTPClientRequestPart>(wrappingChannelSynchronously: channel)
                }
            }
        // A receiver that never answers is closed at the deadline, which ends the read below.
        let deadline = channel.channel.eventLoop.scheduleTask(in: timeout) { channel.channel.close(promise: nil) }
        defer { deadline.cancel() }
        return try await channel.executeThenClose { inbound, outbound in
            var head = HTTPRequestHead(version: .http1_1, method: .POST, uri: endpoint.path.isEmpty ? "/" : endpoint.path)
            head.headers.add(name: "Host", value: "\(host):\(port)")
            head.headers.add(name: "Content-Type", value: "application/json")
            head.headers.add(name: "Content-Length", value: String(body.count))
            head.headers.add(name: "Connection", value: "close")
            for (name, value) in headers.httpHeaders {
                head.headers.add(name: name, value: value)
            }
            try await outbound.write(.head(head))
            try await outbound.write(.body(.byteBuffer(ByteBuffer(bytes: body))))
            try await outbound.write(.end(nil))
            var status: Int?
            for try await part in inbound {
                switch part {
                case let .head(response): status = Int(response.status.code)
                case .body: continue
                case .end:
                    if let status { return status }
                }
            }
            throw LoopbackDeliveryFailure("\(endpoint) closed the connection without a complete answer")
        }
    }
}

/// A webhook delivery that got no answer: it counts as failed and is retried on schedule.
struct LoopbackDeliveryFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
