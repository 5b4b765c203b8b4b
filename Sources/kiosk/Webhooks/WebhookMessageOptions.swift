import ArgumentParser
import Foundation
import PaymentsCore

/// The inputs both `sign` and `verify` need to rebuild the signed content `id.timestamp.body`.
struct WebhookMessageOptions: ParsableArguments {
    @Option(help: "Webhook secret, 'whsec_<base64>' (the prefix and base64 padding are optional).")
    var secret: String

    @Option(help: "The webhook-id header value.")
    var id: String

    @Option(help: "The webhook-timestamp header value, in unix seconds.")
    var timestamp: Int64

    @Option(help: "File holding the exact body bytes; without it the body is read from standard input.")
    var bodyFile: String?

    func validate() throws {
        guard !id.isEmpty else { throw ValidationError("--id must not be empty.") }
        guard timestamp >= 0 else { throw ValidationError("--timestamp must be non-negative unix seconds.") }
    }

    func parsedSecret() throws -> WebhookSecret {
        do {
            return try WebhookSecret(encoded: secret)
        } catch {
            throw ValidationError("Malformed --secret: \(error.description).")
        }
    }

    /// The body exactly as stored, with no newline trimming, because the signature covers every byte.
    func body() throws -> Data {
        if let bodyFile {
            do {
                return try Data(contentsOf: URL(fileURLWithPath: bodyFile))
            } catch {
                throw ValidationError("Cannot read --body-file '\(bodyFile)': \(error.localizedDescription)")
            }
        }
        do {
            return try FileHandle.standardInput.readToEnd() ?? Data()
        } catch {
            throw ValidationError("Cannot read the body from standard input: \(error.localizedDescription)")
        }
    }
}
