import ArgumentParser
import HostedCheckout
import PaymentsCore

/// Starts the checkout simulator over a command's store, on the real clock and the system's
/// secure generator, listening on `host` (loopback unless `kiosk serve` listens elsewhere).
enum CheckoutServerLauncher {
    static func start(_ service: LocalPaymentsService, host: String = "127.0.0.1") async throws -> HostedCheckoutServer {
        do {
            return try await HostedCheckoutServer.start(service: service, random: .system(), clock: SystemClock(), host: host)
        } catch {
            Terminal.error("cannot start the checkout server: \(error)")
            throw ExitCode(70)
        }
    }
}
