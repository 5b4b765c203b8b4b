/// Runs the store's due work (renewals, billing retries, grace ends, expiries) on a timer: the
/// one place it happens for real time, since reads never run it. `kiosk serve` runs one beside
/// its listener and `kiosk run` one beside the storefront, so subscriptions renew and whoever
/// follows the change feed hears of it while nobody asks. Here in the core, so the embedded
/// app gets it without linking the server stack. The QA runner runs none: there due work moves
/// only with the test clock's advance, which keeps scenarios deterministic.
public struct DueWorkScheduler: Sendable {
    public let interval: Duration
    let work: @Sendable () async throws -> Void
    let failed: @Sendable (any Error) -> Void
    let pause: @Sendable (Duration) async throws -> Void

    /// `failed` hears each failed run (a server logs it, a terminal keeps quiet); `pause` waits
    /// between runs and is injected so tests tick without sleeping.
    public init(interval: Duration = .seconds(1),
                failed: @escaping @Sendable (any Error) -> Void = { _ in },
                pause: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                work: @escaping @Sendable () async throws -> Void) {
        self.interval = interval
        self.work = work
        self.failed = failed
        self.pause = pause
    }

    /// The timer for a store: `runScheduledDueWork`, then whatever else the caller runs at each tick.
    public init(service: any PaymentsService, interval: Duration = .seconds(1),
                failed: @escaping @Sendable (any Error) -> Void = { _ in },
                pause: @escaping @Sendable (Duration) async throws -> Void = { try await Task.sleep(for: $0) },
                more: (@Sendable () async throws -> Void)? = nil) {
        self.init(interval: interval, failed: failed, pause: pause) {
            _ = try await service.runScheduledDueWork()
            try await more?()
        }
    }

    /// Until cancelled. A failed run is reported and tried again at the next tick: the work stays
    /// due in the database, so nothing is lost by waiting.
    public func run() async {
        while !Task.isCancelled {
            do {
                try await work()
            } catch {
                failed(error)
            }
            do {
                try await pause(interval)
            } catch {
                return
            }
        }
    }
}
