import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore
import ServiceLifecycle

/// One customer's change feed as an endless sequence of Server-Sent Events: first everything after
/// the client's position, then each new event as the store records it, with a comment line as a
/// keep-alive when nothing happens. It ends when the server shuts down gracefully, so an open
/// stream never holds a stopping server.
struct EventStream: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    let service: any PaymentsService
    let signal: FeedSignal
    let accountID: String
    let after: Int64
    let keepAlive: Duration

    struct AsyncIterator: AsyncIteratorProtocol {
        let stream: EventStream
        var cursor: Int64
        var known: Int64?
        var pending: [StoreEvent] = []

        mutating func next() async throws -> ArraySlice<UInt8>? {
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                if !pending.isEmpty {
                    let event = pending.removeFirst()
                    cursor = event.id
                    return ArraySlice(try EventStream.frame(event))
                }
                let known: Int64
                if let seen = self.known {
                    known = seen
                } else {
                    known = try await stream.service.feedPosition(accountID: nil)
                }
                pending = try await stream.service.events(accountID: stream.accountID, after: cursor, limit: 100)
                if !pending.isEmpty {
                    self.known = known
                    continue
                }
                let (signal, keepAlive) = (stream.signal, stream.keepAlive)
                let now = await cancelWhenGracefulShutdown { await signal.wait(beyond: known, timeout: keepAlive) }
                if Task.isCancelled || Task.isShuttingDownGracefully { return nil }
                self.known = now
                if now == known { return ArraySlice(": keep-alive\n\n".utf8) }
            }
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator { AsyncIterator(stream: self, cursor: after) }

    /// `id: N`, `event: TYPE`, `data: {json}`: JSON has no raw newlines, so one data line suffices.
    static func frame(_ event: StoreEvent) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .iso8601
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let data = try encoder.encode(Components.Schemas.Event(event))
        return Array("id: \(event.id)\nevent: \(event.type.rawValue)\ndata: ".utf8) + Array(data) + Array("\n\n".utf8)
    }
}
