/// An operation started under an id, as the store tracks it until it ends.
///
/// The flag, not only the task's cancellation, is what drops a late action: an operation that
/// does not check for cancellation, or sent its action just before being cancelled, must still
/// not have that action reduced.
@MainActor
final class RunningOperation {
    private(set) var isCancelled = false
    var task: Task<Void, Never>?

    func cancel() {
        isCancelled = true
        task?.cancel()
    }
}
