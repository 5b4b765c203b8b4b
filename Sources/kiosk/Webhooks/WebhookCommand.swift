import ArgumentParser

/// `kiosk webhook`: offline tools for Standard Webhooks signatures, so a receiver's integration
/// can be checked by hand against Kiosk's simulated provider.
struct WebhookCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "webhook",
        abstract: "Sign and verify Standard Webhooks signatures.",
        subcommands: [WebhookSignCommand.self, WebhookVerifyCommand.self, WebhookKeypairCommand.self]
    )
}
