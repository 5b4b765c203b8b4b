import Synchronization

/// Which came first for one transaction: its connection or its deadline. Only the lease is
/// bounded, never a transaction that has begun, which runs to its end (cutting it off could not
/// tell whether it committed).
final class LeaseRace: Sendable {
    private enum State { case waiting, leased, expired }
    private let state = Mutex(State.waiting)

    /// True when the connection came first (the transaction may run).
    func lease() -> Bool { settle(.leased) }

    /// True when the deadline came first (the request is answered "unavailable").
    func expire() -> Bool { settle(.expired) }

    var isLeased: Bool { state.withLock { $0 == .leased } }

    private func settle(_ outcome: State) -> Bool {
        state.withLock { state in
            guard state == .waiting else { return false }
            state = outcome
            return true
        }
    }
}
