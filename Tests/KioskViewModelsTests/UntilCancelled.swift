/// Suspends until the task is cancelled: a stream no one feeds ends only then. Stands in for a
/// wait on the outside world (a browser) that never answers, without a sleep.
func untilCancelled() async {
    let (stream, feed) = AsyncStream<Void>.makeStream()
    for await _ in stream {}
    feed.finish()
}
