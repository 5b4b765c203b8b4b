import ArgumentParser
import PaymentsCore

/// `kiosk webhook keypair`: a new ed25519 key pair for asymmetric (`v1a`) signatures.
struct WebhookKeypairCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "keypair",
        abstract: "Print a new ed25519 signing key (whsk_) and its public key (whpk_), one per line.",
        discussion: "Keep the whsk_ key with the sender; hand the whpk_ key to receivers, which can verify but not sign."
    )

    func run() throws {
        var generator = SystemRandomNumberGenerator()
        let key: WebhookPrivateKey
        do {
            key = try WebhookPrivateKey.generate(using: &generator)
        } catch {
            throw ValidationError("Cannot make a key pair: \(error.description).")
        }
        print(key.encoded)
        print(key.publicKey.encoded)
    }
}
