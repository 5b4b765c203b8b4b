import Foundation
import PaymentsCore
import ServiceLifecycle

/// One customer's change feed as an endless sequence of Server-Sent Events: first everything after
/// the client's position, then each new event as the store records it, with a comment line as a
/// keep-alive when nothing happens. It ends when the server shuts down gracefully, so an open
/// stream never holds a stopping server.
struct EventStream: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    let signal: FeedSignal
    let accountID: String
    let after: Int64
    let keepAlive: Duration
    /// Counts the stream among the live feed streams while it is iterated.
    var metrics: ServerMetrics?

    struct AsyncIterator: AsyncIteratorProtocol {
        let stream: EventStream
        let lease: FeedStreamLease?
        var cursor: Int64
        var pending: ArraySlice<(position: Int64, bytes: [UInt8])> = []
        /// Set once a read came back short: everything up to this feed position has been read, so
        /// the stream waits for news instead of reading again to find nothing.
        var readUpTo: Int64?

        mutating func next() async throws -> ArraySlice<UInt8>? {
            let signal = stream.signal
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                if let frame = pending.popFirst() {
                    cursor = frame.position
                    return ArraySlice(frame.bytes)
                }
                if let known = readUpTo {
                    let (accountID, cursor, keepAlive) = (stream.accountID, self.cursor, stream.keepAlive)
                    let wake = await cancelWhenGracefulShutdown {
                        await signal.wait(accountID: accountID, beyond: cursor, known: known, timeout: keepAlive)
                    }
                    switch wake {
                    case .cancelled: return nil
                    case .timedOut: return ArraySlice(": keep-alive\n\n".utf8)
                    case .moved: readUpTo = nil
                    }
                    continue
                }
                let known = signal.position
                let page = try await signal.pages.page(accountID: stream.accountID, after: cursor)
                pending = page.frames[...]
                if page.frames.count < FeedPages.limit { readUpTo = known }
            }
            return nil
        }
    }

    func makeAsyncIterator() -> AsyncIterator {
        AsyncIterator(stream: self, lease: metrics.map(FeedStreamLease.init), cursor: after)
    }
}
