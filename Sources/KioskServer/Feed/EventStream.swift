import Foundation
import PaymentsCore
import ServiceLifecycle

/// One customer's change feed as an endless sequence of Server-Sent Events: first everything after
/// the client's position, then each new event as the store records it, with a comment line as a
/// keep-alive when nothing happens. It ends when the server shuts down gracefully, so an open
/// stream never holds a stopping server, and within `recheck` of its key being rotated or revoked
/// (on any instance sharing the store), since the key was only checked when the stream opened.
struct EventStream: AsyncSequence, Sendable {
    typealias Element = ArraySlice<UInt8>

    let signal: FeedSignal
    let accountID: String
    let after: Int64
    let keepAlive: Duration
    /// Whether the key that opened the stream still opens the account (read from the store).
    let keyStillValid: @Sendable () async throws -> Bool
    /// How often an idle stream checks its key.
    var recheck: Duration = .seconds(1)
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
        /// When the stream last sent anything, for the keep-alive.
        var lastSent = ContinuousClock.now

        mutating func next() async throws -> ArraySlice<UInt8>? {
            let signal = stream.signal
            while !Task.isCancelled, !Task.isShuttingDownGracefully {
                if let frame = pending.popFirst() {
                    cursor = frame.position
                    lastSent = .now
                    return ArraySlice(frame.bytes)
                }
                if let known = readUpTo {
                    let (accountID, cursor) = (stream.accountID, self.cursor)
                    let timeout = Swift.min(stream.recheck, stream.keepAlive - lastSent.duration(to: .now))
                    let wake = await cancelWhenGracefulShutdown {
                        await signal.wait(accountID: accountID, beyond: cursor, known: known, timeout: Swift.max(timeout, .zero))
                    }
                    switch wake {
                    case .cancelled: return nil
                    case .timedOut:
                        guard try await stream.keyStillValid() else { return nil }
                        guard lastSent.duration(to: .now) >= stream.keepAlive else { continue }
                        lastSent = .now
                        return ArraySlice(": keep-alive\n\n".utf8)
                    case .moved: readUpTo = nil
                    }
                    continue
                }
                guard try await stream.keyStillValid() else { return nil }
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

/// Holds one change-feed stream in the live-streams gauge from its first read until the server
/// drops its iterator (the client left or the server stops).
final class FeedStreamLease: Sendable {
    let metrics: ServerMetrics

    init(_ metrics: ServerMetrics) {
        self.metrics = metrics
        metrics.feedStreamOpened()
    }

    deinit { metrics.feedStreamClosed() }
}
