import Foundation
import Synchronization

/// Runs an async transaction body to its end on the thread that holds the transaction.
///
/// GRDB hands a transaction to a synchronous closure on its writer (or reader) thread, while the
/// store's rules are written `async` so that the same rules can run over PostgreSQL, whose driver
/// is asynchronous. Over SQLite the rules never really suspend: every statement is synchronous.
/// So the body runs as a task whose jobs this executor runs right here, inside GRDB's closure,
/// until the task ends: the transaction, GRDB's thread checks and the statement cache all stay
/// where GRDB expects them, at the cost of one task per transaction.
final class InlineTransactionExecutor: TaskExecutor, @unchecked Sendable {
    private let condition = NSCondition()
    private var jobs: [UnownedJob] = []
    private var finished = false

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        condition.lock()
        jobs.append(job)
        condition.signal()
        condition.unlock()
    }

    /// Runs `body` as a task on this executor and its jobs on this thread until it ends.
    static func run<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
        let executor = InlineTransactionExecutor()
        let outcome = Mutex<Result<T, any Error>?>(nil)
        Task(executorPreference: executor) {
            let result: Result<T, any Error>
            do {
                result = .success(try await body())
            } catch {
                result = .failure(error)
            }
            outcome.withLock { $0 = result }
            executor.finish()
        }
        executor.drain()
        guard let result = outcome.withLock({ $0 }) else {
            throw PaymentsError.storage("a transaction's body ended without an outcome")
        }
        return try result.get()
    }

    private func finish() {
        condition.lock()
        finished = true
        condition.signal()
        condition.unlock()
    }

    /// Runs the task's jobs as they arrive, and returns once the task has recorded its outcome.
    ///
    /// A body that only calls the rules runs as one job: nothing in it suspends. A second job
    /// means it awaited something else (an actor, a sleep), which holds GRDB's thread while it
    /// waits; debug builds stop there, so the suite finds such a body.
    private func drain() {
        var jobsRun = 0
        while true {
            condition.lock()
            while jobs.isEmpty && !finished { condition.wait() }
            if jobs.isEmpty {
                condition.unlock()
                return
            }
            let job = jobs.removeFirst()
            condition.unlock()
            jobsRun += 1
            assert(jobsRun == 1, "a transaction's body suspended: it must only call the rules")
            job.runSynchronously(on: asUnownedTaskExecutor())
        }
    }
}
