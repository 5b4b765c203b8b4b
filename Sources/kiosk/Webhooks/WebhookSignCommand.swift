import ArgumentParser
import PaymentsCore

/// `kiosk webhook sign`: prints the `webhook-signature` value a sender would attach.
struct WebhookSignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Print the webhook-signature header value (v1,<base64>) for a body."
    )

    @OptionGroup var message: WebhookMessageOptions

    func run() throws {
        let signer = WebhookSigner(secret: try message.parsedSecret())
        let body = try message.body()
        print(signer.signature(id: message.id, timestamp: message.timestamp, body: body))
    }
}
