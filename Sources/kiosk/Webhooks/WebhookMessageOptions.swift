import ArgumentParser
import Foundation
import PaymentsCore

/// The inputs both `sign` and `verify` need to rebuild the signed content `id.timestamp.body`.
struct WebhookMessageOptions: ParsableArguments {
    @Option(help: """
        Key: 'whsec_<base64>' (HMAC, v1; the prefix and padding are optional), 'whsk_<base64>' \
        (ed25519 signing key, v1a) or, to verify only, 'whpk_<base64>' (ed25519 public key).
        """)
    var secret: String

    @Option(help: "The webhook-id header value.")
    var id: String

    /// Kept as received: `verify` reports a non-integer value as an invalid delivery, as a
    /// receiver must, while `sign` needs an integer.
    @Option(parsing: .unconditional, help: "The webhook-timestamp header value, in unix seconds.")
    var timestamp: String

    @Option(help: "File holding the exact body bytes; without it the body is read from standard input.")
    var bodyFile: String?

    func validate() throws {
        guard !id.isEmpty else { throw ValidationError("--id must not be empty.") }
    }

    /// The key `--secret` names, by its prefix.
    func parsedKey() throws -> WebhookKey {
        do {
            if secret.hasPrefix(WebhookPrivateKey.prefix) { return .signing(try WebhookPrivateKey(encoded: secret)) }
            if secret.hasPrefix(WebhookPublicKey.prefix) { return .verifying(try WebhookPublicKey(encoded: secret)) }
        } catch {
            throw ValidationError("Malformed --secret: \(error.description).")
        }
        do {
            return .shared(try WebhookSecret(encoded: secret))
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
