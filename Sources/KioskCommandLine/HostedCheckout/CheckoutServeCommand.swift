import ArgumentParser
import Foundation
import HostedCheckout
import PaymentsCore

/// `kiosk checkout serve`: the simulator until Ctrl-C, retrying failed webhook deliveries.
struct CheckoutServeCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "serve",
        abstract: "Run the simulated hosted checkout on 127.0.0.1 until interrupted.",
        discussion: "Prints the server's URL and its webhook endpoint, then serves until Ctrl-C."
    )

    @OptionGroup var store: StoreOptions

    func run() async throws {
        let (service, catalog, _) = try store.open()
        let provider = store.openCheckoutProvider(merchant: service, catalog: catalog)
        let server = try await CheckoutServerLauncher.start(provider, endpoint: service)
        // Unbuffered, so a script that reads the URLs gets them while the server runs.
        FileHandle.standardOutput.write(Data("""
            Checkout server: \(server.baseURL.absoluteString)
            Webhook endpoint: \(server.webhookURL.absoluteString)

            """.utf8))
        while !Task.isCancelled {
            try await Task.sleep(for: .seconds(1))
            do {
                try await server.deliverDueWebhooks()
            } catch {
                CheckoutServerLauncher.reportDeliveryFailure(error)
            }
        }
        await server.stop()
    }
}
