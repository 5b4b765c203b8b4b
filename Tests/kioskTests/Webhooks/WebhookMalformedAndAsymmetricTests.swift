import Foundation
import Testing

/// Issue 15, "Standard Webhooks": malformed header values are invalid deliveries (exit 1), not
/// usage errors, and `v1a` ed25519 signatures are signed with `whsk_` and verified with `whpk_`.
@Suite struct WebhookMalformedAndAsymmetricTests {
    typealias CLI = WebhooksCLITestSupport

    /// Cross-checked with Python's `cryptography` (OpenSSL's ed25519): seed bytes 0...31, the
    /// reference vector's id, timestamp and body.
    static let signingKey = "whsk_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8="
    static let publicKey = "whpk_A6EHv/POEL4dcN0Y50vAmWfk1jCbpQ1fHdyGZBJVMbg="
    static let asymmetricSignature =
        "v1a,yoUrgEkc12aGqm0n4Sydmdz55xJfTz4AsAgieHFjmkR7LJtqVCZOQYzvvHjI5kAey+r4iaBGxTFRrl2iBQxtDQ=="

    private func verify(secret: String = CLI.secret, timestamp: String = CLI.timestamp, signature: String,
                        body: Data = CLI.body) throws -> CLI.Outcome {
        try CLI.run(["webhook", "verify", "--secret", secret, "--id", CLI.id, "--timestamp", timestamp,
                     "--signature", signature, "--now", CLI.timestamp], standardInput: body)
    }

    @Test func anEmptySignatureHeaderIsInvalid() throws {
        let outcome = try verify(signature: "")
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "invalid: missing header webhook-signature\n")
    }

    /// Issue 39: a message with no signature header at all is an invalid webhook, as the official
    /// libraries say, not a mistyped command line.
    @Test func noSignatureHeaderAtAllIsInvalidNotAUsageError() throws {
        let outcome = try CLI.run(["webhook", "verify", "--secret", CLI.secret, "--id", CLI.id,
                                   "--timestamp", CLI.timestamp, "--now", CLI.timestamp], standardInput: CLI.body)
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "invalid: missing required headers\n")
    }

    @Test func aGarbageSignatureHeaderStartingWithADashIsInvalidNotAUsageError() throws {
        let outcome = try verify(signature: "-x,@@@")
        #expect(outcome.status == 1)
        #expect(outcome.stdout == "invalid: no v1 signature in webhook-signature header\n")
    }

    @Test(arguments: ["soon", "1614265330.5", "-1614265330", "+1614265330", " 1614265330", ""])
    func aNonIntegerTimestampIsInvalid(timestamp: String) throws {
        let outcome = try verify(timestamp: timestamp, signature: CLI.signature)
        #expect(outcome.status == 1)
        #expect(outcome.stdout.hasPrefix(timestamp.isEmpty ? "invalid: missing header webhook-timestamp"
                                                            : "invalid: malformed timestamp"))
        #expect(outcome.stderr.isEmpty)
    }

    @Test func aMissingOptionStaysAUsageError() throws {
        let outcome = try CLI.run(["webhook", "verify", "--secret", CLI.secret, "--id", CLI.id,
                                   "--signature", CLI.signature], standardInput: CLI.body)
        #expect(outcome.status == 64)
        #expect(outcome.stderr.contains("--timestamp"))
    }

    @Test func signWithAWhskKeyGivesTheKnownEd25519Signature() throws {
        let outcome = try CLI.run(["webhook", "sign", "--secret", Self.signingKey, "--id", CLI.id,
                                   "--timestamp", CLI.timestamp], standardInput: CLI.body)
        #expect(outcome.status == 0)
        #expect(outcome.stdout == Self.asymmetricSignature + "\n")
    }

    @Test func verifyWithTheWhpkKeyAcceptsItAndRejectsATamperedBody() throws {
        let valid = try verify(secret: Self.publicKey, signature: "v1,AAAA " + Self.asymmetricSignature)
        #expect(valid.status == 0)
        #expect(valid.stdout == "valid\n")
        let fromSigningKey = try verify(secret: Self.signingKey, signature: Self.asymmetricSignature)
        #expect(fromSigningKey.stdout == "valid\n")

        var tampered = CLI.body
        tampered[tampered.startIndex] = UInt8(ascii: "[")
        let forged = try verify(secret: Self.publicKey, signature: Self.asymmetricSignature, body: tampered)
        #expect(forged.status == 1)
        #expect(forged.stdout == "invalid: no valid signature: no v1a signature verifies with the public key\n")
        let symmetricOnly = try verify(secret: Self.publicKey, signature: CLI.signature)
        #expect(symmetricOnly.status == 1)
        #expect(symmetricOnly.stdout == "invalid: no v1a signature in webhook-signature header\n")
    }

    @Test func aPublicKeyCannotSignAndABadKeyIsAUsageError() throws {
        let signing = try CLI.run(["webhook", "sign", "--secret", Self.publicKey, "--id", CLI.id,
                                   "--timestamp", CLI.timestamp], standardInput: CLI.body)
        #expect(signing.status == 64)
        #expect(signing.stderr.contains("can only verify"))
        let short = try verify(secret: "whpk_AAAA", signature: Self.asymmetricSignature)
        #expect(short.status == 64)
        #expect(short.stderr.contains("'whpk_' key has 3 bytes"))
    }
}

@Suite struct WebhookKeypairCommandTests {
    typealias CLI = WebhooksCLITestSupport

    @Test func aNewKeyPairSignsWhatItsPublicKeyVerifies() throws {
        let pair = try CLI.run(["webhook", "keypair"])
        #expect(pair.status == 0)
        let lines = pair.stdout.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        let (signingKey, publicKey) = (lines[0], lines[1])
        #expect(signingKey.hasPrefix("whsk_") && publicKey.hasPrefix("whpk_"))
        let signed = try CLI.run(["webhook", "sign", "--secret", signingKey, "--id", CLI.id, "--timestamp", CLI.timestamp],
                                 standardInput: CLI.body)
        let signature = signed.stdout.trimmingCharacters(in: .newlines)
        let verified = try CLI.run(["webhook", "verify", "--secret", publicKey, "--id", CLI.id, "--timestamp",
                                    CLI.timestamp, "--signature", signature, "--now", CLI.timestamp],
                                   standardInput: CLI.body)
        #expect(verified.stdout == "valid\n")
        #expect(try CLI.run(["webhook", "keypair"]).stdout != pair.stdout)
    }
}
