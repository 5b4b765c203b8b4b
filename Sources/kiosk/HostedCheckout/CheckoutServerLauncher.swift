import ArgumentParser
import HostedCheckout
import PaymentsCore

/// Starts the checkout simulator's server for a command's provider and store, on the real clock and the system's
/// secure generator, listening on `host` (loopback unless `kiosk serve` listens elsewhere).
enum CheckoutServerLauncher {
    static func start(_ provider: any HostedCheckoutService, endpoint: any PaymentsService,
                      host: String = "127.0.0.1") async throws -> HostedCheckoutServer {
        do {
            return try await HostedCheckoutServer.start(service: provider, endpoint: endpoint, random: .system(),
                                                        clock: SystemClock(), host: host)
        } catch {
            Terminal.error("kiosk: cannot start the checkout server: \(error)")
            throw ExitCode(70)
        }
    }
}
