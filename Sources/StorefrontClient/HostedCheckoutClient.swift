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
    /// Stops waiting for the browser and asks the server what really happened: the payment may
    /// have gone through even though the customer gave up or the wait timed out.
    public var abandon: @Sendable (_ sessionID: String) async throws -> HostedCheckoutOutcome
    /// Opens the checkout page in the customer's browser (the host knows how: xdg-open, open).
    public var openInBrowser: @Sendable (_ url: String) async throws -> Void = { _ in throw HostedCheckoutUnavailable() }
    /// Puts the checkout link on the clipboard (the host knows how, e.g. an OSC 52 sequence).
    public var copyToClipboard: @Sendable (_ text: String) async throws -> Void = { _ in throw HostedCheckoutUnavailable() }
    /// Why paying in a browser is not offered here (over SSH without a public URL the customer's
    /// browser could not reach the page): the checkout then leaves the option out and says this.
    public var withheldBecause: String?

    public init(createSession: @escaping @Sendable (HostedCheckoutRequest) async throws -> HostedCheckoutSession,
                awaitOutcome: @escaping @Sendable (String) async throws -> HostedCheckoutOutcome,
                session: @escaping @Sendable (String) async throws -> HostedCheckoutSession,
                abandon: @escaping @Sendable (String) async throws -> HostedCheckoutOutcome) {
        self.createSession = createSession
        self.awaitOutcome = awaitOutcome
        self.session = session
        self.abandon = abandon
    }

    public static var failing: HostedCheckoutClient {
        HostedCheckoutClient(
            createSession: { _ in throw UnstubbedCall("hostedCheckout.createSession") },
            awaitOutcome: { _ in throw UnstubbedCall("hostedCheckout.awaitOutcome") },
            session: { _ in throw UnstubbedCall("hostedCheckout.session") },
            abandon: { _ in throw UnstubbedCall("hostedCheckout.abandon") })
    }

    /// Paying in a browser is not offered, for `reason`.
    public static func withheld(_ reason: String) -> HostedCheckoutClient {
        var client = HostedCheckoutClient.unavailable
        client.withheldBecause = reason
        return client
    }

    /// No checkout server is attached.
    public static var unavailable: HostedCheckoutClient {
        HostedCheckoutClient(
            createSession: { _ in throw HostedCheckoutUnavailable() },
            awaitOutcome: { _ in throw HostedCheckoutUnavailable() },
            session: { _ in throw HostedCheckoutUnavailable() },
            abandon: { _ in throw HostedCheckoutUnavailable() })
    }
}

public struct HostedCheckoutUnavailable: Error, Hashable, Sendable, CustomStringConvertible {
    public init() {}
    public var description: String { "Checkout in the browser is not available in this build." }
}

/// How a hosted checkout ended, as the checkout server reports it.
public enum HostedCheckoutOutcome: Hashable, Sendable {
    case succeeded(invoiceID: String)
    case declined(message: String)
    case cancelled
    case expired
}

public struct HostedCheckoutRequest: Hashable, Sendable {
    public var accountID: String
    public var productID: String
    public var offerCode: String?
    public var idempotencyKey: String

    public init(accountID: String, productID: String, offerCode: String?, idempotencyKey: String) {
        self.accountID = accountID
        self.productID = productID
        self.offerCode = offerCode
        self.idempotencyKey = idempotencyKey
    }
}

public struct HostedCheckoutSession: Hashable, Sendable {
    public var id: String
    public var url: String
    public var expiresAt: Date

    public init(id: String, url: String, expiresAt: Date) {
        self.id = id
        self.url = url
        self.expiresAt = expiresAt
    }
}
