import PostgresNIO
import Synchronization

/// The storage's pool of connections, replaced by a fresh one when it could not give a
/// connection in time.
///
/// PostgresNIO's pool keeps a request waiting while its connection attempts fail, backing off up
/// to a minute between attempts, and after a minute of failures trips a circuit breaker that
/// fails every request at once until its next attempt succeeds. So after an outage the first
/// requests would still fail although the server is back. A fresh pool has no history: its first
/// request connects at once.
final class ReplaceablePool: Sendable {
    private struct Current {
        var client: PostgresClient
        var running: Task<Void, Never>
        var generation: Int
        /// Set when a request found no connection in time; cleared by `reopen` once one connects.
        var down: Bool
    }

    private let current: Mutex<Current>
    private let make: @Sendable () -> PostgresClient

    init(make: @escaping @Sendable () -> PostgresClient) {
        let client = make()
        current = Mutex(Current(client: client, running: Self.run(client), generation: 0, down: false))
        self.make = make
    }

    deinit {
        current.withLock { $0.running.cancel() }
    }

    /// The pool to lease from, its generation (for `replace`) and whether the server was last
    /// found down (then `PostgresStorage` connects once outside the pool before leasing).
    var client: (client: PostgresClient, generation: Int, down: Bool) {
        current.withLock { ($0.client, $0.generation, $0.down) }
    }

    /// Runs a pool until this storage cancels it. Detached: a pool replaced while a request runs
    /// must not inherit that request's task-locals, among them the server's graceful shutdown,
    /// which would close the pool before the server's last writes on the way out.
    private static func run(_ client: PostgresClient) -> Task<Void, Never> {
        Task.detached { await client.run() }
    }

    /// Shuts down the pool of `generation`, puts a fresh one in its place and counts the server
    /// as down; a no-op when another request already replaced it.
    func replace(_ generation: Int) {
        swap(generation, down: true)
    }

    /// The server answered again: a fresh pool replaces the one of `generation`, so no connection
    /// attempt it backed off while the server was down holds the next requests.
    func reopen(_ generation: Int) {
        swap(generation, down: false)
    }

    private func swap(_ generation: Int, down: Bool) {
        let make = self.make
        let old = current.withLock { state -> Task<Void, Never>? in
            guard state.generation == generation else { return nil }
            let client = make()
            let old = state.running
            state = Current(client: client, running: Self.run(client), generation: generation + 1, down: down)
            return old
        }
        old?.cancel()
    }
}
