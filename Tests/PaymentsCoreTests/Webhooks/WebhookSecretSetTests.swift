import Foundation
import PaymentsCore
import Testing

@Suite struct WebhookSecretSetTests {
    private let rotationTime = Date(timeIntervalSince1970: 1_700_000_000)
    private let oldSecret: WebhookSecret
    private let newSecret: WebhookSecret
    private let body = Data(#"{"type":"payment.succeeded"}"#.utf8)

    init() throws {
        oldSecret = try WebhookSecret(keyBytes: Array(0..<32))
        newSecret = try WebhookSecret(keyBytes: Array(100..<124))
    }

    private func rotatedSet() -> WebhookSecretSet {
        var secrets = WebhookSecretSet(current: oldSecret)
        secrets.rotate(to: newSecret, at: rotationTime)
        return secrets
    }

    /// A delivery signed with `secret` at `now`, so only secret validity decides the outcome.
    private func verifyOldDelivery(at now: Date) throws(WebhookVerificationError) {
        let timestamp = Int64(now.timeIntervalSince1970)
        let headers = WebhookSigner(secret: oldSecret).headers(id: "msg_1", timestamp: timestamp, body: body)
        try WebhookVerifier(secrets: rotatedSet()).verify(headers, body: body, now: now)
    }

    @Test func rotationKeepsThePreviousSecretFor24Hours() {
        let secrets = rotatedSet()
        #expect(secrets.current == newSecret)
        #expect(secrets.retired == [RetiredWebhookSecret(secret: oldSecret, expiresAt: rotationTime + 86_400)])
    }

    @Test func verifierAcceptsTheRotatedSecretWithin24Hours() {
        #expect(throws: Never.self) { try verifyOldDelivery(at: rotationTime) }
        #expect(throws: Never.self) { try verifyOldDelivery(at: rotationTime + 86_399) }
    }

    @Test func verifierRejectsTheRotatedSecretAfter24Hours() {
        #expect(throws: WebhookVerificationError.noMatchingSignature) { try verifyOldDelivery(at: rotationTime + 86_400) }
        #expect(throws: WebhookVerificationError.noMatchingSignature) { try verifyOldDelivery(at: rotationTime + 200_000) }
    }

    @Test func verifierAcceptsTheNewSecretImmediately() {
        let headers = WebhookSigner(secrets: rotatedSet()).headers(id: "msg_2", timestamp: 1_700_000_000, body: body)
        #expect(throws: Never.self) {
            try WebhookVerifier(secrets: rotatedSet()).verify(headers, body: body, now: rotationTime)
        }
    }

    @Test func rotationDropsSecretsAlreadyExpired() throws {
        let thirdSecret = try WebhookSecret(keyBytes: Array(200..<232))
        var secrets = rotatedSet()
        secrets.rotate(to: thirdSecret, at: rotationTime + 86_400)
        #expect(secrets.current == thirdSecret)
        #expect(secrets.retired == [RetiredWebhookSecret(secret: newSecret, expiresAt: rotationTime + 2 * 86_400)])
    }

    @Test func rotationWithinTheGracePeriodKeepsBothPreviousSecrets() throws {
        let thirdSecret = try WebhookSecret(keyBytes: Array(200..<232))
        var secrets = rotatedSet()
        secrets.rotate(to: thirdSecret, at: rotationTime + 3_600)
        #expect(secrets.retired.map(\.secret) == [newSecret, oldSecret])
        let headers = WebhookSigner(secret: oldSecret).headers(id: "msg_3", timestamp: 1_700_003_600, body: body)
        #expect(throws: Never.self) {
            try WebhookVerifier(secrets: secrets).verify(headers, body: body, now: rotationTime + 3_600)
        }
    }

    @Test func generatesAndRotatesFromTheInjectedGenerator() {
        var generator = SeededGenerator(seed: 42)
        var replay = SeededGenerator(seed: 42)
        var secrets = WebhookSecretSet.generate(using: &generator)
        #expect(secrets.current == WebhookSecret.generate(using: &replay))
        let first = secrets.current
        let rotated = WebhookSecret.generate(using: &generator)
        secrets.rotate(to: rotated, at: rotationTime)
        #expect(rotated == WebhookSecret.generate(using: &replay))
        #expect(secrets.current == rotated)
        #expect(secrets.retired.map(\.secret) == [first])
    }

    @Test func roundTripsThroughJSON() throws {
        let secrets = rotatedSet()
        let decoded = try JSONDecoder().decode(WebhookSecretSet.self, from: JSONEncoder().encode(secrets))
        #expect(decoded == secrets)
    }
}
