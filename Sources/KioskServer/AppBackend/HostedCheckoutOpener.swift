import Foundation

/// Opens hosted checkouts for `POST /api/checkout/create`. The server reaches the provider only
/// through this: `kiosk serve` passes the checkout simulator, a server without one answers 503.
public protocol HostedCheckoutOpener: Sendable {
    /// A new checkout session selling `productID` to the account, whose page sends the browser to
    /// `successURL` or `cancelURL` afterwards; answers the link to the page.
    func openCheckout(accountID: String, productID: String, successURL: URL, cancelURL: URL) async throws -> URL
}
