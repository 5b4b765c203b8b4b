import Foundation
import PaymentsCore
import Synchronization

/// Wakes the feed streams whose customer has news, with one poll of the store for all of them: a
/// thousand connected clients cost one query per interval, not a thousand, and a purchase wakes
/// only the streams of the customer who made it.
///
/// Polling the event table (rather than an in-process notification) is what lets a stream see
/// events written by another process or another server instance on the same database. Deadlines
/// are checked by the same poll, so a wait leaves no timer behind when it is woken early.
final class FeedSignal: Sendable {
    enum Wake: Sendable {
        case moved
        case timedOut
        case cancelled
    }

    private typealias Waiters = FeedWaiters<ContinuousClock.Instant, CheckedContinuation<Wake, Never>>

    private struct State {
        var waiters = Waiters()
        var polling = false
    }

    let pages: FeedPages
    private let state = Mutex(State())
    private let service: any PaymentsService
    private let interval: Duration

    init(service: any PaymentsService, interval: Duration = .milliseconds(100)) {
        self.service = service
        self.interval = interval
        pages = FeedPages(service: service)
    }

    /// The feed's end as last polled. A stream notes it before reading, and passes it to `wait`.
    var position: Int64 { state.withLock { $0.waiters.position } }

    /// Waits until the account's feed moves past `cursor`, or `timeout` passes, or the task is
    /// cancelled (see `FeedWaiters.add` for `known`).
    func wait(accountID: String, beyond cursor: Int64, known: Int64, timeout: Duration) async -> Wake {
        let id = UUID()
        let deadline = ContinuousClock.now.advanced(by: timeout)
        return await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Wake, Never>) in
                let (now, startPoller) = state.withLock { state -> (Wake?, Bool) in
                    if Task.isCancelled { return (.cancelled, false) }
                    if state.waiters.add(id, accountID: accountID, beyond: cursor, known: known, deadline: deadline,
                                         token: continuation) != nil {
                        return (.moved, false)
                    }
                    defer { state.polling = true }
                    return (nil, !state.polling)
                }
                if let now {
                    continuation.resume(returning: now)
                    return
                }
                if startPoller { Task { await self.poll() } }
            }
        } onCancel: {
            state.withLock { $0.waiters.remove(id) }?.resume(returning: .cancelled)
        }
    }

    /// Runs while anyone waits: reads what moved since the last round, forgets those customers'
    /// shared pages, then wakes their streams and the streams due a keep-alive.
    private func poll() async {
        while true {
            let known = position
            let advance: FeedAdvance?
            do {
                // The first round only learns where the feed ends (the waiters are woken to read).
                advance = known < 0 ? FeedAdvance(position: try await service.feedPosition(accountID: nil), accounts: [:])
                    : try await service.feedAdvance(after: known)
            } catch {
                // Waiters stay put and time out into a keep-alive; the next round reads again.
                advance = nil
            }
            pages.tick()
            if let advance { pages.forget(advance.accounts.keys) }
            let now = ContinuousClock.now
            let (woken, idle) = state.withLock { state in
                let woken = state.waiters.poll(advance, now: now)
                if state.waiters.isEmpty { state.polling = false }
                return (woken, state.waiters.isEmpty)
            }
            for (continuation, wake) in woken { continuation.resume(returning: wake == .moved ? .moved : .timedOut) }
            if idle {
                pages.removeAll()
                return
            }
            try? await Task.sleep(for: interval)
        }
    }
}
