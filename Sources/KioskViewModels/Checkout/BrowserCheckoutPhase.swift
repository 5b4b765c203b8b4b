import Foundation
import StorefrontClient

/// Where a hosted (browser) checkout is.
public enum BrowserCheckoutPhase: Hashable, Sendable {
    case creatingSession
    /// The URL is shown; `elapsedSeconds` counts from `startedAt` by the injected clock.
    case waiting(session: HostedCheckoutSession, startedAt: Date, elapsedSeconds: Int)
    /// The customer gave up (or the wait timed out): the session is being looked up before the
    /// checkout says it did not go through.
    case reconciling(sessionID: String, after: Ending)
    case timedOut
    case cancelled

    public enum Ending: Hashable, Sendable {
        case cancelled
        case timedOut
    }
}
