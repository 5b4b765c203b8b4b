import Foundation

/// Whether the current task is inside one of the store's write transactions.
///
/// Why: a purchase must sign nothing while it holds the write lock (an ES256 signature costs about
/// four durable inserts, and every other writer waits for it), so the signer counts the signatures
/// made inside a write and tests hold the count at zero on every purchase path. A task-local
/// value, because a write's body is a task: over SQLite it runs on GRDB's writer thread, over
/// PostgreSQL it hops threads at every statement.
enum WriteTransactionMarker {
    @TaskLocal private static var active = false

    static var isActive: Bool { active }

    static func during<T>(_ body: () async throws -> T) async rethrows -> T {
        try await $active.withValue(true) { try await body() }
    }
}
