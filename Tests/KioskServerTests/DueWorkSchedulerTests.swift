import Logging
import Synchronization
import Testing
@testable import KioskServer

/// The server's timer for due work keeps ticking after a failed run and stops when cancelled.
@Suite struct DueWorkSchedulerTests {
    struct Refused: Error {}

    @Test func aFailedRunIsRetriedAtTheNextTickAndCancellingStopsIt() async throws {
        let calls = Mutex(0)
        let (ticks, tick) = AsyncStream.makeStream(of: Int.self)
        var logger = Logger(label: "kiosk.test")
        logger.logLevel = .critical
        let scheduler = DueWorkScheduler(interval: .milliseconds(1), logger: logger) {
            let count = calls.withLock { $0 += 1; return $0 }
            tick.yield(count)
            if count == 1 { throw Refused() }
        }
        let task = Task { await scheduler.run() }
        for await count in ticks where count == 3 { break }
        task.cancel()
        await task.value
        let stopped = calls.withLock { $0 }
        #expect(stopped >= 3)
        // Nothing runs after the task has ended.
        #expect(calls.withLock { $0 } == stopped)
    }
}
