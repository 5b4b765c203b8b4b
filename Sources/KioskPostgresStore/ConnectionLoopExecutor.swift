import NIOCore

/// Runs a transaction's body on the event loop of the connection it talks to.
///
/// Each statement is a round trip: the connection's event loop writes it and reads the answer.
/// A body on Swift's shared pool would cross threads twice per statement (the loop wakes a pool
/// thread with the answer, the pool thread wakes the loop with the next statement); on the loop
/// the answer resumes the body in place and the next statement is written at once. The body's
/// own work between statements is short (the rules' arithmetic and one signature), so the
/// loop's other connections wait no longer than they would for a busy peer on the same loop.
final class ConnectionLoopExecutor: TaskExecutor {
    private let eventLoop: any EventLoop

    init(_ eventLoop: any EventLoop) {
        self.eventLoop = eventLoop
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
    }
}
