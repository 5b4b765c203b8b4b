import ArgumentParser
import PaymentsCore

/// `kiosk webhook`: offline tools for Standard Webhooks signatures, so a receiver's integration
/// can be checked by hand against Kiosk's simulated provider.
struct WebhookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhook",
        abstract: "Sign and verify Standard Webhooks signatures.",
        subcommands: [WebhookSignCommand.self, WebhookVerifyCommand.self, WebhookKeypairCommand.self]
    )
}

/// The three kinds of Standard Webhooks key `--secret` accepts.
enum WebhookKey {
    /// `whsec_`: HMAC-SHA256, signs and verifies `v1`.
    case shared(WebhookSecret)
    /// `whsk_`: ed25519 private key, signs `v1a` (and verifies through its public key).
    case signing(WebhookPrivateKey)
    /// `whpk_`: ed25519 public key, verifies `v1a` only.
    case verifying(WebhookPublicKey)
}
