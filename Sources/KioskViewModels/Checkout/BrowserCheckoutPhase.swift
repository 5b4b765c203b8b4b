import Foundation

/// Where a hosted (browser) checkout is.
public enum BrowserCheckoutPhase: Hashable, Sendable {
    case creatingSession
    /// The URL is shown; `elapsedSeconds` counts from `startedAt` by the injected clock.
    case waiting(session: HostedCheckoutSession, startedAt: Date, elapsedSeconds: Int)
    case timedOut
    case cancelled
}
