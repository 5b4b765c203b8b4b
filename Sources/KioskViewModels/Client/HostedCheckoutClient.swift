import Foundation

/// The seam to a hosted checkout page opened in a browser: create a session (its URL is shown
/// to the customer), wait for the outcome the checkout server reports, or look a session up.
///
/// The checkout server is built separately; until it is wired in, `live` has no server and
/// every call throws `HostedCheckoutUnavailable`.
public struct HostedCheckoutClient: Sendable {
    public var createSession: @Sendable (HostedCheckoutRequest) async throws -> HostedCheckoutSession
    /// Returns when the customer finishes, cancels or the session expires on the server.
    public var awaitOutcome: @Sendable (_ sessionID: String) async throws -> HostedCheckoutOutcome
    public var session: @Sendable (_ sessionID: String) async throws -> HostedCheckoutSession

    public init(createSession: @escaping @Sendable (HostedCheckoutRequest) async throws -> HostedCheckoutSession,
                awaitOutcome: @escaping @Sendable (String) async throws -> HostedCheckoutOutcome,
                session: @escaping @Sendable (String) async throws -> HostedCheckoutSession) {
        self.createSession = createSession
        self.awaitOutcome = awaitOutcome
        self.session = session
    }

    public static var failing: HostedCheckoutClient {
        HostedCheckoutClient(
            createSession: { _ in throw UnstubbedCall("hostedCheckout.createSession") },
            awaitOutcome: { _ in throw UnstubbedCall("hostedCheckout.awaitOutcome") },
            session: { _ in throw UnstubbedCall("hostedCheckout.session") })
    }

    /// No checkout server is attached.
    public static var unavailable: HostedCheckoutClient {
        HostedCheckoutClient(
            createSession: { _ in throw HostedCheckoutUnavailable() },
            awaitOutcome: { _ in throw HostedCheckoutUnavailable() },
            session: { _ in throw HostedCheckoutUnavailable() })
    }
}
