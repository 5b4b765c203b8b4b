/// Stands in for the remote storefront's pause between reads of a checkout session, so a test
/// decides when the next read happens instead of waiting on real time: `pause()` (the client's)
/// blocks until `release()`; `nextPause()` (the test's) returns once the client is blocked, i.e.
/// once it has read the session and found no outcome yet.
actor CheckoutPollGate {
    private var paused: CheckedContinuation<Void, Never>?
    private var pauseCount = 0
    private var watchers: [(after: Int, continuation: CheckedContinuation<Void, Never>)] = []
    private var seen = 0

    /// The client's pause; a cancelled wait ends at once (the checkout screen stopped waiting).
    func pause() async throws {
        pauseCount += 1
        let count = pauseCount
        for watcher in watchers where watcher.after < count { watcher.continuation.resume() }
        watchers.removeAll { $0.after < count }
        await withTaskCancellationHandler {
            await withCheckedContinuation { paused = $0 }
        } onCancel: {
            Task { await self.release() }
        }
        try Task.checkCancellation()
    }

    /// Returns once the client has paused after the last pause this test already saw.
    func nextPause() async {
        let after = seen
        seen += 1
        if pauseCount > after { return }
        await withCheckedContinuation { watchers.append((after, $0)) }
    }

    /// Lets the paused client read again.
    func release() {
        paused?.resume()
        paused = nil
    }
}
