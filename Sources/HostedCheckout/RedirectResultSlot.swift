import Synchronization

/// A result that is set once, by whichever comes first (a redirect, the timeout, a cancel), and
/// awaited by the one who started the listener.
final class RedirectResultSlot: Sendable {
    private struct State {
        var result: LoopbackRedirectResult?
        var waiters: [CheckedContinuation<LoopbackRedirectResult, Never>] = []
        var onResolve: [@Sendable () -> Void] = []
    }

    private let state = Mutex(State())

    /// Sets the result if none is set yet; returns whether this call set it.
    @discardableResult
    func resolve(_ result: LoopbackRedirectResult) -> Bool {
        let (resolved, waiters, callbacks) = state.withLock { state in
            guard state.result == nil else { return (false, [CheckedContinuation<LoopbackRedirectResult, Never>](), [@Sendable () -> Void]()) }
            state.result = result
            defer { state.waiters = []; state.onResolve = [] }
            return (true, state.waiters, state.onResolve)
        }
        for waiter in waiters { waiter.resume(returning: result) }
        for callback in callbacks { callback() }
        return resolved
    }

    /// Runs `callback` once the result is set (at once if it already is).
    func onResolve(_ callback: @escaping @Sendable () -> Void) {
        let alreadyResolved = state.withLock { state in
            if state.result != nil { return true }
            state.onResolve.append(callback)
            return false
        }
        if alreadyResolved { callback() }
    }

    func value() async -> LoopbackRedirectResult {
        await withCheckedContinuation { continuation in
            let ready: LoopbackRedirectResult? = state.withLock { state in
                if let result = state.result { return result }
                state.waiters.append(continuation)
                return nil
            }
            if let ready { continuation.resume(returning: ready) }
        }
    }
}
