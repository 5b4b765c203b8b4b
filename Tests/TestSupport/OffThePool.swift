import Foundation

/// Runs `body`, which blocks (a child's exit, a pipe's next line), on a thread of its own, and
/// waits for it without holding a thread of Swift's pool.
///
/// The pool is as wide as the machine has cores (two on CI) and Swift Testing starts every test on
/// it at once: two tests blocked in `waitpid` stalled the whole run, so PostgreSQL connections
/// missed their bound and servers in other tests timed out requests they had been sent whole.
public func offThePool<T: Sendable>(_ body: @escaping @Sendable () throws -> T) async throws -> T {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try body() }) }
        thread.start()
    }
}
