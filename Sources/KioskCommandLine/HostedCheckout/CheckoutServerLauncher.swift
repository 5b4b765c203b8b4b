import ArgumentParser
import Foundation
import HostedCheckout
import PaymentsCore

/// Starts the checkout simulator's server for a command's provider and store, on the real clock and the system's
/// secure generator, listening on `host` (loopback unless `kiosk serve` listens elsewhere).
package enum CheckoutServerLauncher {
    package static func start(_ provider: any HostedCheckoutService, endpoint: any PaymentsService,
                      host: String = "127.0.0.1", port: Int = 0, publicURL: URL? = nil,
                      deliveryFailed: @escaping @Sendable (any Error) -> Void = reportDeliveryFailure)
        async throws -> HostedCheckoutServer {
        do {
            return try await HostedCheckoutServer.start(service: provider, endpoint: endpoint, random: .system(),
                                                        clock: SystemClock(), host: host, port: port, publicURL: publicURL,
                                                        deliveryFailed: deliveryFailed)
        } catch {
            Terminal.error("kiosk: cannot start the checkout server: \(error)")
            throw ExitCode(70)
        }
    }

    /// A command's own delivery failures, on standard error: the deliveries stay queued.
    @Sendable package static func reportDeliveryFailure(_ error: any Error) {
        let reason = (error as? PaymentsError)?.userMessage ?? String(describing: error)
        Terminal.error("kiosk: webhook deliveries could not run: \(reason); they stay queued and are tried again")
    }
}
