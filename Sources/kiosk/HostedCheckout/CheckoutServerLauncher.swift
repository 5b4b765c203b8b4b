import ArgumentParser
import HostedCheckout
import PaymentsCore

/// Starts the checkout simulator over a command's store, on the real clock and the system's
/// secure generator.
enum CheckoutServerLauncher {
    static func start(_ service: LocalPaymentsService) async throws -> HostedCheckoutServer {
        var system = SystemRandomNumberGenerator()
        do {
            return try await HostedCheckoutServer.start(
                service: service, tokenizer: CardTokenizer(fingerprintKey: CardFingerprintKey(using: &system)),
                random: .system(), clock: SystemClock())
        } catch {
            Terminal.error("cannot start the checkout server: \(error)")
            throw ExitCode(70)
        }
    }
}
