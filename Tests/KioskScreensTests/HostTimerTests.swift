import Foundation
import KioskScreens
import KioskViewModels
import Testing

/// The host loop's schedule, checked with dates instead of waiting.
@Suite struct HostTimerTests {
    static let start = Date(timeIntervalSince1970: 1_767_225_600)

    @Test func ticksEverySecondAndPollsEveryTwo() {
        var timer = HostTimer()
        #expect(timer.due(at: Self.start) == HostTimer.Due(tick: false, poll: false))
        #expect(timer.due(at: Self.start + 0.5) == HostTimer.Due(tick: false, poll: false))
        #expect(timer.due(at: Self.start + 1) == HostTimer.Due(tick: true, poll: false))
        #expect(timer.due(at: Self.start + 1.5) == HostTimer.Due(tick: false, poll: false))
        #expect(timer.due(at: Self.start + 2) == HostTimer.Due(tick: true, poll: true))
        #expect(timer.due(at: Self.start + 2.1) == HostTimer.Due(tick: false, poll: false))
    }

    @Test func aClockThatJumpsBackRestartsTheIntervals() {
        var timer = HostTimer()
        _ = timer.due(at: Self.start)
        #expect(timer.due(at: Self.start - 60) == HostTimer.Due(tick: false, poll: false))
        #expect(timer.due(at: Self.start - 59) == HostTimer.Due(tick: true, poll: false))
    }

    @Test func queuedNoticesShowOneAfterAnotherEachForItsOwnTime() {
        var timer = ToastTimer()
        let first = Toast(id: 1, kind: .info, message: "one")
        let second = Toast(id: 2, kind: .info, message: "two")
        #expect(timer.expired([first], now: Self.start).isEmpty)
        #expect(timer.expired([first, second], now: Self.start + 3).isEmpty)
        #expect(timer.expired([first, second], now: Self.start + 5) == [1])
        // The second starts its time when it shows, not when it was queued.
        #expect(timer.expired([second], now: Self.start + 6).isEmpty)
        #expect(timer.expired([second], now: Self.start + 10).isEmpty)
        #expect(timer.expired([second], now: Self.start + 11) == [2])
    }

    @Test func aToastDismissedAndShownAgainStartsOver() {
        var timer = ToastTimer()
        let toast = Toast(id: 7, kind: .info, message: "again")
        _ = timer.expired([toast], now: Self.start)
        _ = timer.expired([], now: Self.start + 1)
        #expect(timer.expired([toast], now: Self.start + 5).isEmpty)
        #expect(timer.expired([toast], now: Self.start + 9).isEmpty)
        #expect(timer.expired([toast], now: Self.start + 10) == [7])
    }
}
