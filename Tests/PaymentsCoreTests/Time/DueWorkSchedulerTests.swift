import Synchronization
import Testing
import PaymentsCore

/// The timer for due work keeps ticking after a failed run and stops when its pause is cancelled.
@Suite struct DueWorkSchedulerTests {
    struct Refused: Error {}

    @Test func aFailedRunIsReportedAndRetriedAtTheNextTickAndCancellingStopsIt() async {
        let calls = Mutex(0)
        let failures = Mutex(0)
        let pauses = Mutex<[Duration]>([])
        let scheduler = DueWorkScheduler(
            interval: .seconds(1),
            failed: { _ in failures.withLock { $0 += 1 } },
            pause: { interval in
                // The third pause is where a cancelled task's sleep throws.
                let count = pauses.withLock { $0.append(interval); return $0.count }
                if count == 3 { throw CancellationError() }
            },
            work: {
                let count = calls.withLock { $0 += 1; return $0 }
                if count == 1 { throw Refused() }
            })
        await scheduler.run()
        #expect(calls.withLock { $0 } == 3)
        #expect(failures.withLock { $0 } == 1)
        #expect(pauses.withLock { $0 } == [.seconds(1), .seconds(1), .seconds(1)])
    }
}
