import Foundation
import PaymentsCore
import Synchronization

/// Tells waiting feed streams that the store's feed moved, with one poll of the store for all of
/// them: a thousand connected clients cost one query per interval, not a thousand.
///
/// Polling the event table (rather than an in-process notification) is what lets a stream see
/// events written by another process or another server instance on the same database.
final class FeedSignal: Sendable {
    private struct State {
        var position: Int64 = -1
        var waiters: [UUID: CheckedContinuation<Void, Never>] = [:]
        var poller: Task<Void, Never>?
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
                let resumeNow = state.withLock { state -> Bool in
                    if state.position > position || Task.isCancelled { return true }
                    state.waiters[id] = continuation
                    if state.poller == nil { state.poller = Task { [weak self] in await self?.poll() } }
                    return false
                }
                if resumeNow { continuation.resume() }
                Task { [weak self] in
                    try? await Task.sleep(for: timeout)
                    self?.resume(id)
                }
            }
        } onCancel: {
            resume(id)
        }
        return state.withLock { max($0.position, position) }
    }

    private func resume(_ id: UUID) {
        state.withLock { $0.waiters.removeValue(forKey: id) }?.resume()
    }

    private func poll() async {
        while !Task.isCancelled {
            // A failed read leaves the waiters waiting; they time out into a keep-alive and try again.
            let latest = try? await service.feedPosition(accountID: nil)
            let (woken, idle) = state.withLock { state -> ([CheckedContinuation<Void, Never>], Bool) in
                guard let latest, latest != state.position else { return ([], state.waiters.isEmpty) }
                state.position = latest
                let woken = Array(state.waiters.values)
                state.waiters.removeAll()
                return (woken, true)
            }
            woken.forEach { $0.resume() }
            if idle {
                let stopped = state.withLock { state -> Bool in
                    guard state.waiters.isEmpty else { return false }
                    state.poller = nil
                    return true
                }
                if stopped { return }
            }
            try? await Task.sleep(for: interval)
        }
    }
}
