import Synchronization

/// The furthest feed position each connected client has read, and one waiter for the moment all
/// of them have read up to a position: the end of a fan-out is the slowest client's arrival.
final class FeedTally: Sendable {
    private struct State {
        var positions: [Int64]
        var connected = 0
        var target: Int64 = .max
        var reached = 0
        var waiter: CheckedContinuation<Void, Never>?
    }

    private let state: Mutex<State>

    init(clients: Int, at position: Int64) {
        state = Mutex(State(positions: Array(repeating: position, count: clients)))
    }

    var connected: Int { state.withLock { $0.connected } }

    func connect() {
        state.withLock { $0.connected += 1 }
    }

    func read(_ client: Int, upTo position: Int64) {
        let waiter = state.withLock { state -> CheckedContinuation<Void, Never>? in
            let before = state.positions[client]
            guard position > before else { return nil }
            state.positions[client] = position
            guard before < state.target, position >= state.target else { return nil }
            state.reached += 1
            guard state.reached == state.positions.count else { return nil }
            defer { state.waiter = nil }
            return state.waiter
        }
        waiter?.resume()
    }

    /// Returns once every client has read `position`.
    func everyClient(reaches position: Int64) async {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let done = state.withLock { state -> Bool in
                state.target = position
                state.reached = state.positions.count(where: { $0 >= position })
                if state.reached == state.positions.count { return true }
                state.waiter = continuation
                return false
            }
            if done { continuation.resume() }
        }
    }
}
