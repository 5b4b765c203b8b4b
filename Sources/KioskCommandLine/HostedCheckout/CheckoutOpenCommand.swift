import ArgumentParser
import Foundation
import HostedCheckout
import PaymentsCore

/// `kiosk checkout open PRODUCT --account ID`: one checkout in a browser, confirmed server-side.
struct CheckoutOpenCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "open",
        abstract: "Start a hosted checkout for a product and wait for the outcome.",
        discussion: """
            Prints the checkout URL to open in a browser, waits for the browser to return to a \
            loopback listener, then confirms the payment by looking the session up. Exits 0 when \
            paid, 1 when not paid or still open (timed out), 64 on usage errors.
            """
    )

    @OptionGroup var store: StoreOptions

    @Argument(help: "The catalog product to buy.")
    var product: String

    @Option(help: "The account that buys it.")
    var account: String

    @Option(help: "A promo code to apply; the page shows the discounted charge.")
    var offerCode: String?

    @Option(help: "An idempotency key: the same request with the same key opens the same session.")
    var idempotencyKey: String?

    @Option(help: "Seconds to wait for the browser before reconciling.")
    var timeout: Int = 900

    func validate() throws {
        guard timeout > 0 else { throw ValidationError("--timeout must be a positive number of seconds") }
    }

    func run() async throws {
        let (service, catalog, _) = try store.open()
        let provider = store.openCheckoutProvider(merchant: service, catalog: catalog)
        let server = try await CheckoutServerLauncher.start(provider, endpoint: service)
        var generator = SystemRandomNumberGenerator()
        let pending: PendingCheckout
        do {
            pending = try await PendingCheckout.begin(accountID: account, productID: product, service: provider,
                                                      server: server, timeout: .seconds(timeout), offerCode: offerCode,
                                                      idempotencyKey: idempotencyKey, using: &generator)
        } catch let error as PaymentsError {
            await server.stop()
            Terminal.error("kiosk: \(error.userMessage)")
            throw ExitCode(64)
        } catch let error as HostedCheckoutError {
            await server.stop()
            Terminal.error("kiosk: \(error.description)")
            throw ExitCode.failure
        }
        // Written unbuffered: whoever reads the URL (a person, a script) needs it before the outcome.
        FileHandle.standardOutput.write(Data("Open this URL in your browser to pay: \(pending.checkoutURL.absoluteString)\n".utf8))
        let confirmation = try await pending.outcome()
        await server.stop()
        let session = confirmation.session
        switch confirmation.verdict {
        case .paid:
            print("paid: \(session.productName), \(session.paymentID ?? session.subscriptionID ?? session.id)")
        case .notPaid:
            print("not paid: the checkout was cancelled or expired")
            throw ExitCode.failure
        case .stillOpen:
            print("outcome unknown: checkout \(session.id) is still open and unpaid")
            throw ExitCode.failure
        }
    }
}
