import Foundation
import HostedCheckout
import KioskCommandLine
import KioskServer
import PaymentsCore

/// `kiosk serve` opens the app backend's and remote storefronts' checkouts on the checkout
/// simulator, and asks it, never the browser, how they ended.
extension HostedCheckoutServer: HostedCheckoutOpener {
    public func openCheckout(accountID: String, productID: String, successURL: URL, cancelURL: URL) async throws -> URL {
        try await openSession(accountID: accountID, productID: productID, successURL: successURL, cancelURL: cancelURL)
    }

    public func openCheckout(accountID: String, productID: String, offerCode: String?, idempotencyKey: String?,
                             successURL: URL, cancelURL: URL) async throws -> CheckoutSession {
        try await createSession(accountID: accountID, productID: productID, offerCode: offerCode,
                                idempotencyKey: idempotencyKey, successURL: successURL, cancelURL: cancelURL)
    }

    public func checkoutPageURL(sessionID: String) -> URL {
        checkoutURL(sessionID: sessionID)
    }

    public func checkoutSession(_ id: String) async throws -> CheckoutSession {
        try await session(id)
    }

    public func closeCheckoutSession(_ id: String) async throws -> CheckoutSession {
        try await cancelSession(id)
    }
}
