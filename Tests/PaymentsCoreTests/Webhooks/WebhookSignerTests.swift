import Foundation
import PaymentsCore
import Testing

@Suite struct WebhookSignerTests {
    typealias Vector = WebhooksTestSupport.StandardVector

    @Test func reproducesTheStandardWebhooksTestVector() throws {
        let signer = WebhookSigner(secret: try WebhookSecret(encoded: Vector.secret))
        #expect(signer.signature(id: Vector.id, timestamp: Vector.timestamp, body: Vector.body) == Vector.signature)
    }

    @Test func reproducesAPythonComputedSignatureForA32ByteKey() throws {
        let signer = WebhookSigner(secret: try WebhookSecret(keyBytes: Array(0..<32)))
        let signature = signer.signature(id: "msg_kiosk_1", timestamp: 1_700_000_000, body: Array(#"{"a":1}"#.utf8))
        #expect(signature == "v1,/Z3One+9QxsfYYKOmGQXwpKwgOJGAjNIxBPAmIFNnFQ=")
    }

    @Test func signsAnEmptyBody() throws {
        let signer = WebhookSigner(secret: try WebhookSecret(keyBytes: Array(1...25)))
        #expect(signer.signature(id: "id", timestamp: 1, body: Data()) == "v1,WqrwJnU/qL7LI7RqWIYXyMwX8Vswea+ouK5dLFGC2WY=")
    }

    @Test func producesTheThreeHeaders() throws {
        let signer = WebhookSigner(secret: try WebhookSecret(encoded: Vector.secret))
        let headers = signer.headers(id: Vector.id, timestamp: Vector.timestamp, body: Vector.body)
        #expect(headers == Vector.headers)
        #expect(headers.httpHeaders == [
            "webhook-id": Vector.id,
            "webhook-timestamp": "1614265330",
            "webhook-signature": Vector.signature,
        ])
    }

    @Test func signsWithTheCurrentSecretOfASet() throws {
        var secrets = WebhookSecretSet(current: try WebhookSecret(keyBytes: Array(0..<32)))
        let newSecret = try WebhookSecret(encoded: Vector.secret)
        secrets.rotate(to: newSecret, at: Vector.now)
        let signer = WebhookSigner(secrets: secrets)
        #expect(signer.signature(id: Vector.id, timestamp: Vector.timestamp, body: Vector.body) == Vector.signature)
    }
}
