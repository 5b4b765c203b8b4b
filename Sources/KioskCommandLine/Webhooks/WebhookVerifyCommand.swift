import ArgumentParser
import Foundation
import PaymentsCore

/// `kiosk webhook verify`: checks a delivery the way a receiver must, on the raw body bytes.
/// Exits 0 for `valid`, 1 for `invalid: <reason>` (including an empty or garbage signature header
/// and a non-integer timestamp, as the official libraries report them; a message with no
/// signature at all is "missing required headers", as the Standard Webhooks libraries say), 64 for
/// a mistyped command line.
struct WebhookVerifyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "verify",
        abstract: "Verify a webhook-signature header value against a body.",
        discussion: "Prints 'valid' and exits 0, or prints 'invalid: <reason>' and exits 1."
    )

    @OptionGroup var message: WebhookMessageOptions

    /// Taken as given even when it starts with "-": a garbage header is an invalid delivery, not
    /// a usage error.
    @Option(parsing: .unconditional,
            help: "The webhook-signature header value; may list several space-separated signatures.")
    var signature: String?

    @Option(help: "Current time in unix seconds (defaults to the system clock).")
    var now: Int64?

    /// Taken as given even when it starts with "-", so a negative value is refused in words
    /// rather than read as a missing value.
    @Option(parsing: .unconditional, help: "Allowed clock difference in seconds, in either direction.")
    var tolerance: String = String(WebhookVerifier.defaultToleranceSeconds)

    func validate() throws {
        guard UInt32(tolerance) != nil else {
            throw ValidationError("--tolerance must be a whole number of seconds from 0 to \(UInt32.max), found '\(tolerance)'.")
        }
    }

    func run() throws {
        let key = try message.parsedKey()
        let tolerance = UInt32(self.tolerance) ?? WebhookVerifier.defaultToleranceSeconds
        let verifier = switch key {
        case let .shared(secret): WebhookVerifier(secret: secret, toleranceSeconds: tolerance)
        case let .signing(privateKey): WebhookVerifier(publicKey: privateKey.publicKey, toleranceSeconds: tolerance)
        case let .verifying(publicKey): WebhookVerifier(publicKey: publicKey, toleranceSeconds: tolerance)
        }
        let body = try message.body()
        guard let signature else {
            print("invalid: missing required headers")
            throw ExitCode.failure
        }
        let headers = WebhookHeaders(id: message.id, timestamp: message.timestamp, signature: signature)
        let currentTime = now.map { Date(timeIntervalSince1970: TimeInterval($0)) } ?? Date()
        do {
            try verifier.verify(headers, body: body, now: currentTime)
            print("valid")
        } catch {
            print("invalid: \(error.description)")
            throw ExitCode.failure
        }
    }
}
