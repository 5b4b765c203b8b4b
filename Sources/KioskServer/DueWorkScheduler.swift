import Logging

/// Runs the store's due work (renewals, billing retries, expiries) on a timer, so subscriptions
/// renew and feed clients hear of it while no request arrives at all.
struct DueWorkScheduler: Sendable {
    let interval: Duration
    let logger: Logger
    let work: @Sendable () async throws -> Void

    /// Until cancelled. A failed run is logged and tried again at the next tick: the work stays
    /// due in the database, so nothing is lost by waiting.
    func run() async {
        while !Task.isCancelled {
            do {
                try await work()
            } catch {
                logger.error("due work failed; retrying at the next tick", metadata: ["error": "\(error)"])
            }
            do {
                try await Task.sleep(for: interval)
            } catch {
                return
            }
        }
    }
}
