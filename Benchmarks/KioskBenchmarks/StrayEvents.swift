import Synchronization

/// Events heard by terminals of customers who bought nothing.
final class StrayEvents: Sendable {
    private let value = Mutex(0)

    var count: Int { value.withLock { $0 } }

    func add() {
        value.withLock { $0 += 1 }
    }
}
