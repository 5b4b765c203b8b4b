import Foundation
import HostedCheckout
import KioskCommandLine
import KioskViewModels
import PaymentsCore
import StorefrontClient

/// Paying in a browser from a storefront over SSH (`kiosk serve --public-url URL`): the checkout
/// server's pages are reached at `publicURL`, so the link (and its QR code) name that address,
/// not this machine's loopback. The browser ends on a page that says to go back to the terminal,
/// which learns the outcome from the provider's session lookup, read every `pause`, never from
/// the browser.
struct SSHBrowserCheckout: Sendable {
    let server: HostedCheckoutServer
    let publicURL: URL
    var clock: any KioskClock = SystemClock()
    var pause: @Sendable () async throws -> Void = { try await Task.sleep(for: .seconds(2)) }

    func pageURL(_ sessionID: String) -> String {
        publicURL.appendingPathComponent("checkout").appendingPathComponent(sessionID).absoluteString
    }

    /// The client for one session's customer; sessions of other accounts are not found.
    func client(for accountID: String) -> HostedCheckoutClient {
        let (server, pause, clock) = (server, pause, clock)
        let (finished, cancelled) = (publicURL.appendingPathComponent(HostedCheckoutServer.finishedPath),
                                     publicURL.appendingPathComponent(HostedCheckoutServer.cancelledPath))
        let checkout = self
        let own: @Sendable (String) async throws -> CheckoutSession = { id in
            let session = try await server.session(id)
            guard session.accountID == accountID else { throw HostedCheckoutError.sessionNotFound(id) }
            return session
        }
        return HostedCheckoutClient(
            createSession: { request in
                guard request.accountID == accountID else { throw HostedCheckoutError.sessionNotFound(request.accountID) }
                let session = try await server.createSession(
                    accountID: accountID, productID: request.productID, offerCode: request.offerCode,
                    // Scoped to the account, as the API's are: two customers' keys never meet.
                    idempotencyKey: "ssh:\(accountID):\(request.idempotencyKey)",
                    successURL: finished, cancelURL: cancelled)
                return HostedCheckoutSession(id: session.id, url: checkout.pageURL(session.id), expiresAt: session.expiresAt)
            },
            awaitOutcome: { id in
                while true {
                    try Task.checkCancellation()
                    let session = try await own(id)
                    if session.isPaid { return try Self.paid(session) }
                    // Closed unpaid before its time ran out: cancelled on the page.
                    if session.status != .open { return clock.now < session.expiresAt ? .cancelled : .expired }
                    try await pause()
                }
            },
            session: { id in
                let session = try await own(id)
                return HostedCheckoutSession(id: session.id, url: checkout.pageURL(session.id), expiresAt: session.expiresAt)
            },
            abandon: { id in
                _ = try await own(id)
                let session = try await server.cancelSession(id)
                return session.isPaid ? try Self.paid(session) : .cancelled
            })
    }

    private static func paid(_ session: CheckoutSession) throws -> HostedCheckoutOutcome {
        guard let invoiceID = session.paymentID else {
            throw PaymentsError.storage("checkout session \(session.id) is paid but names no payment")
        }
        return .succeeded(invoiceID: invoiceID)
    }
}
