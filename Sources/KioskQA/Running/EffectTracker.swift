/// Knows when a scenario's effects have settled: every started effect chain has finished, except
/// the ones waiting on the hosted checkout page (a parked browser waits for the scenario's next
/// step, so waiting for it would never end).
@MainActor
final class EffectTracker {
    private var unfinished = 0
    private var parked = 0
    private var waiters: [CheckedContinuation<Void, Never>] = []

    func track(_ task: Task<Void, Never>) {
        unfinished += 1
        Task { @MainActor in
            await task.value
            self.unfinished -= 1
            self.wake()
        }
    }

    func setParked(_ count: Int) {
        parked = count
        wake()
    }

    /// Returns once nothing but parked browsers is still running.
    func quiet() async {
        guard unfinished > parked else { return }
        await withCheckedContinuation { waiters.append($0) }
    }

    private func wake() {
        guard unfinished <= parked else { return }
        let ready = waiters
        waiters = []
        ready.forEach { $0.resume() }
    }
}
