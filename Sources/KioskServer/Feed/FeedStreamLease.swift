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
