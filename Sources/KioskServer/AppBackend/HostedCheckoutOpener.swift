import Foundation
import PaymentsCore

/// The hosted-checkout provider as the server reaches it: `kiosk serve` passes the checkout
/// simulator; a server without one answers 503 to every hosted-checkout operation.
public protocol HostedCheckoutOpener: Sendable {
    /// A new checkout session selling `productID` to the account, whose page sends the browser to
    /// `successURL` or `cancelURL` afterwards; answers the link to the page.
    func openCheckout(accountID: String, productID: String, successURL: URL, cancelURL: URL) async throws -> URL

    /// A session for a storefront's order: the promo code is checked now (a bad one fails before
    /// any browser opens) and applied by the page; with an idempotency key already used for the
    /// same order, the session that order opened.
    func openCheckout(accountID: String, productID: String, offerCode: String?, idempotencyKey: String?,
                      successURL: URL, cancelURL: URL) async throws -> CheckoutSession

    /// The page of a session, to open in a browser.
    func checkoutPageURL(sessionID: String) -> URL

    /// The provider's session lookup: the only word on whether a session was paid.
    func checkoutSession(_ id: String) async throws -> CheckoutSession

    /// Closes the session so it can never be paid from now on (a paid one stays paid) and
    /// answers it as it then is.
    func closeCheckoutSession(_ id: String) async throws -> CheckoutSession
}
