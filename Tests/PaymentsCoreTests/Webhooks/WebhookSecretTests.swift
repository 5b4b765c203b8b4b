import Foundation
import PaymentsCore
import Testing

@Suite struct WebhookSecretTests {
    @Test func decodesTheBase64AfterThePrefix() throws {
        let secret = try WebhookSecret(encoded: "whsec_AAECAwQFBgcICQoLDA0ODxAREhMUFRYXGBkaGxwdHh8=")
        #expect(secret.keyBytes == Array(0..<32))
    }

    @Test func acceptsASecretWithoutThePrefixLikeTheReferenceLibraries() throws {
        let withPrefix = try WebhookSecret(encoded: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        let withoutPrefix = try WebhookSecret(encoded: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        #expect(withPrefix == withoutPrefix)
        #expect(withPrefix.keyBytes.count == 24)
    }

    @Test func acceptsUnpaddedBase64() throws {
        let padded = try WebhookSecret(encoded: "whsec_AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGQ==")
        let unpadded = try WebhookSecret(encoded: "whsec_AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGQ")
        #expect(padded.keyBytes == Array(1...25))
        #expect(unpadded == padded)
    }

    @Test(arguments: ["whsec_abc$", "whsec_A", "whsec_AB=C", "whsec_-_-_", "whsec_AAAA===", "whsec_=="])
    func rejectsMalformedBase64(encoded: String) {
        #expect(throws: WebhookSecretError.malformedBase64) { try WebhookSecret(encoded: encoded) }
    }

    @Test(arguments: ["", "whsec_"])
    func rejectsAnEmptySecret(encoded: String) {
        #expect(throws: WebhookSecretError.empty) { try WebhookSecret(encoded: encoded) }
    }

    @Test func rejectsEmptyKeyBytes() {
        #expect(throws: WebhookSecretError.empty) { try WebhookSecret(keyBytes: []) }
    }

    @Test func encodedFormIsPrefixedPaddedBase64() throws {
        let secret = try WebhookSecret(keyBytes: Array(1...25))
        #expect(secret.encoded == "whsec_AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGQ==")
        #expect(try WebhookSecret(encoded: secret.encoded) == secret)
    }

    @Test func generatesThirtyTwoBytesReproduciblyFromTheInjectedGenerator() throws {
        var first = SeededGenerator(seed: 7)
        var second = SeededGenerator(seed: 7)
        var other = SeededGenerator(seed: 8)
        let secret = WebhookSecret.generate(using: &first)
        #expect(secret.keyBytes.count == 32)
        #expect(WebhookSecret.generate(using: &second) == secret)
        #expect(WebhookSecret.generate(using: &other) != secret)
        #expect(try WebhookSecret(encoded: secret.encoded) == secret)
    }

    @Test func descriptionDoesNotRevealTheKey() throws {
        let secret = try WebhookSecret(encoded: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        #expect(String(describing: secret) == "WebhookSecret(24 bytes, redacted)")
        #expect(!"\(secret)".contains("MfKQ"))
    }

    @Test func codesAsTheEncodedString() throws {
        let secret = try WebhookSecret(encoded: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw")
        let json = try JSONEncoder().encode([secret])
        #expect(String(decoding: json, as: UTF8.self) == #"["whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"]"#)
        #expect(try JSONDecoder().decode([WebhookSecret].self, from: json) == [secret])
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode([WebhookSecret].self, from: Data(#"["whsec_!!"]"#.utf8))
        }
    }
}
