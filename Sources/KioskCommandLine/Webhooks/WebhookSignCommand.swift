import ArgumentParser
import PaymentsCore

/// `kiosk webhook sign`: prints the `webhook-signature` value a sender would attach.
struct WebhookSignCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "sign",
        abstract: "Print the webhook-signature header value (v1,<base64> or, with a whsk_ key, v1a,<base64>) for a body."
    )

    @OptionGroup var message: WebhookMessageOptions

    func run() throws {
        guard message.timestamp.allSatisfy({ $0.isASCII && $0.isNumber }),
              let timestamp = Int64(message.timestamp) else {
            throw ValidationError("--timestamp must be non-negative unix seconds, not '\(message.timestamp)'.")
        }
        let key = try message.parsedKey()
        let body = try message.body()
        switch key {
        case let .shared(secret):
            print(WebhookSigner(secret: secret).signature(id: message.id, timestamp: timestamp, body: body))
        case let .signing(privateKey):
            do {
                print(try privateKey.signature(id: message.id, timestamp: timestamp, body: body))
            } catch {
                throw ValidationError("Cannot sign: \(error.description).")
            }
        case .verifying:
            throw ValidationError("A whpk_ public key can only verify; sign with its whsk_ key.")
        }
    }
}
