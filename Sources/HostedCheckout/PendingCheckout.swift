import Foundation
import PaymentsCore

/// A checkout the customer is taking part in, in a browser: its session, the page to open and
/// the loopback listener that waits for the browser to come back.
public struct PendingCheckout: Sendable {
    public let session: CheckoutSession
    public let checkoutURL: URL
    public let listener: LoopbackRedirectListener
    /// The client's key the session was opened with, if any.
    public var idempotencyKey: String? { session.idempotencyKey }
    private let service: any HostedCheckoutService

    /// Creates a session whose return and cancel URLs point at a fresh loopback listener, with a
    /// new unguessable state drawn from `generator`. A promo code and the client's idempotency key
    /// travel with the session: the page shows the discounted charge and the charge applies it.
    public static func begin(
        accountID: String,
        productID: String,
        service: any HostedCheckoutService,
        server: HostedCheckoutServer,
        timeout: Duration,
        lifetime: TimeInterval = NewCheckoutSession.defaultLifetime,
        offerCode: String? = nil,
        idempotencyKey: String? = nil,
        using generator: inout some RandomNumberGenerator
    ) async throws -> PendingCheckout {
        let state = RedirectState.generate(using: &generator)
        let listener = try await LoopbackRedirectListener.start(state: state, timeout: timeout)
        do {
            let session = try await service.createCheckoutSession(NewCheckoutSession(
                accountID: accountID, productID: productID, successURL: listener.returnURL,
                cancelURL: listener.cancelURL, state: state, lifetime: lifetime, offerCode: offerCode,
                idempotencyKey: idempotencyKey), using: &generator)
            // A replayed key returns the session an earlier checkout opened, whose browser comes
            // back to that checkout's listener, never to this one.
            guard session.successURL == listener.returnURL else {
                throw HostedCheckoutError.checkoutAlreadyStarted(sessionID: session.id)
            }
            return PendingCheckout(session: session, checkoutURL: server.checkoutURL(sessionID: session.id),
                                   listener: listener, service: service)
        } catch {
            listener.cancel()
            _ = await listener.result()
            throw error
        }
    }

    /// Waits for the browser (or the timeout, or `abandon()`), then asks the server. Whatever
    /// the redirect said, the verdict is the session lookup's: a timed-out or abandoned
    /// checkout may still have been paid.
    public func outcome() async throws -> CheckoutConfirmation {
        let redirect = await listener.result()
        let session = try await service.checkoutSession(self.session.id)
        let verdict: CheckoutVerdict = switch (session.paymentStatus, session.status) {
        case (.paid, _): .paid
        case (.unpaid, .open): .stillOpen
        case (.unpaid, _): .notPaid
        }
        return CheckoutConfirmation(redirect: redirect, session: session, verdict: verdict)
    }

    /// The customer gave up in the terminal.
    public func abandon() {
        listener.cancel()
    }
}

/// What the server says about a checkout after the browser came back (or did not).
public enum CheckoutVerdict: String, Sendable, Hashable {
    /// The session lookup says paid: the purchase (and its entitlement) is real.
    case paid
    /// The session expired or was cancelled without payment: nothing was charged.
    case notPaid = "not_paid"
    /// The session is still open and unpaid: the customer may still pay, so look again later.
    case stillOpen = "still_open"
}

/// The anti-forgery `state` of one checkout: 43 base62 characters (about 256 bits), so a page
/// that guesses at the loopback port still cannot forge a return.
enum RedirectState {
    private static let alphabet = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")
    static let length = 43

    static func generate(using generator: inout some RandomNumberGenerator) -> String {
        String((0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    }
}
