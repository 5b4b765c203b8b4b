import Foundation
import PaymentsCore
import Synchronization

/// Tells waiting feed streams that the store's feed moved, with one poll of the store for all of
/// them: a thousand connected clients cost one query per interval, not a thousand.
///
/// Polling the event table (rather than an in-process notification) is what lets a stream see
/// events written by another process or another server instance on the same database.
final class FeedSignal: Sendable {
    private struct Waiter {
        var beyond: Int64
        var continuation: CheckedContinuation<Void, Never>
    }

    private struct State {
        var position: Int64 = -1
        var waiters: [UUID: Waiter] = [:]
        var polling = false
    }

    private let state = Mutex(State())
    private let service: any PaymentsService
    private let interval: Duration

    init(service: any PaymentsService, interval: Duration = .milliseconds(200)) {
        self.service = service
        self.interval = interval
    }

    /// Waits until the store's feed has moved past `position`, or `timeout` passed (time for a
    /// keep-alive), or the task is cancelled; returns the feed's position as last seen.
    func wait(beyond position: Int64, timeout: Duration) async -> Int64 {
        let id = UUID()
        await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
                let (resumeNow, startPoller) = state.withLock { state -> (Bool, Bool) in
                    if state.position > position || Task.isCancelled { return (true, false) }
                    state.waiters[id] = Waiter(beyond: position, continuation: continuation)
                    defer { state.polling = true }
                    return (false, !state.polling)
                }
                if resumeNow {
                    continuation.resume()
                    return
                }
                if startPoller { Task { await self.poll() } }
                Task {
                    try? await Task.sleep(for: timeout)
                    self.resume(id)
                }
            }
        } onCancel: {
            resume(id)
        }
        return state.withLock { max($0.position, position) }
    }

    private func resume(_ id: UUID) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.continuation.resume()
    }

    /// Runs while anyone waits: reads the feed's end and wakes the waiters it has moved past.
    private func poll() async {
        while true {
            let latest: Int64?
            do {
                latest = try await service.feedPosition(accountID: nil)
            } catch {
                // Waiters stay put and time out into a keep-alive; the next round reads again.
                latest = nil
            }
            let (woken, idle) = state.withLock { state -> ([CheckedContinuation<Void, Never>], Bool) in
                if let latest { state.position = max(state.position, latest) }
                let due = state.waiters.filter { $0.value.beyond < state.position }
                due.keys.forEach { state.waiters.removeValue(forKey: $0) }
                if state.waiters.isEmpty { state.polling = false }
                return (due.values.map(\.continuation), state.waiters.isEmpty)
            }
            woken.forEach { $0.resume() }
            if idle { return }
            try? await Task.sleep(for: interval)
        }
    }
}
