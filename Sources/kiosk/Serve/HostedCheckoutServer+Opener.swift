import Foundation
import HostedCheckout
import KioskServer

/// `kiosk serve` opens the app backend's checkouts on the checkout simulator.
extension HostedCheckoutServer: HostedCheckoutOpener {
    public func openCheckout(accountID: String, productID: String, successURL: URL, cancelURL: URL) async throws -> URL {
        try await openSession(accountID: accountID, productID: productID, successURL: successURL, cancelURL: cancelURL)
    }
}
