import Synchronization

/// Passes an effect's "an action is back" to whichever backend the host is waiting on: the
/// store is made before the backend, and effects call from any thread.
final class WakeRelay: Sendable {
    private let target = Mutex<(@Sendable () -> Void)?>(nil)

    func connect(_ wake: @escaping @Sendable () -> Void) {
        target.withLock { $0 = wake }
    }

    func disconnect() {
        target.withLock { $0 = nil }
    }

    func signal() {
        let wake = target.withLock { $0 }
        wake?()
    }
}
