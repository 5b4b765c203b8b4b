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

    /// No webhook delivery is this large (providers cap theirs at a few hundred kilobytes); a
    /// larger input is a wrong file, refused rather than read whole into memory.
    static let largestBody = 16 << 20

    /// The body exactly as stored, with no newline trimming, because the signature covers every byte.
    func body() throws -> Data {
        guard let bodyFile else {
            return try Self.bounded(FileHandle.standardInput, what: "the body on standard input")
        }
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: bodyFile, isDirectory: &isFolder) else {
            throw ValidationError("--body-file \(bodyFile) does not exist: give the file holding the delivery's exact body.")
        }
        guard !isFolder.boolValue else {
            throw ValidationError("--body-file \(bodyFile) is a folder: give the file holding the delivery's exact body.")
        }
        let handle: FileHandle
        do {
            handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: bodyFile))
        } catch {
            throw ValidationError("Cannot read --body-file \(bodyFile): check that it is readable by you (\(Self.reason(error))).")
        }
        defer { try? handle.close() }
        return try Self.bounded(handle, what: "--body-file \(bodyFile)")
    }

    /// At most `largestBody` bytes from `handle`, or a message naming `what` was too large.
    private static func bounded(_ handle: FileHandle, what: String) throws -> Data {
        let data: Data
        do {
            data = try handle.read(upToCount: largestBody + 1) ?? Data()
        } catch {
            throw ValidationError("Cannot read \(what): \(reason(error)).")
        }
        guard data.count <= largestBody else {
            throw ValidationError("\(what) is larger than \(largestBody >> 20) MiB, more than any webhook body: check that it is the delivery's body.")
        }
        return data
    }

    /// The system's words for a failure (such as "Permission denied"), not Foundation's error codes.
    private static func reason(_ error: any Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let code = underlying.map({ Int32($0.code) }), underlying?.domain == NSPOSIXErrorDomain {
            return String(cString: strerror(code))
        }
        return error.localizedDescription
    }
}
