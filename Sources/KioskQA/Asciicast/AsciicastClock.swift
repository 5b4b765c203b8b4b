import Synchronization

/// The demo's waits when it records instead of showing: nothing sleeps, each wait moves the
/// recording's time on by as long, so a recording plays at the demo's pace and is the same on
/// every run.
public final class AsciicastClock: DemoClock {
    private let elapsed = Mutex(0.0)

    public init() {}

    /// Seconds waited so far.
    public var seconds: Double { elapsed.withLock { $0 } }

    public func sleep(seconds: Double) async {
        elapsed.withLock { $0 += max(0, seconds) }
    }
}
