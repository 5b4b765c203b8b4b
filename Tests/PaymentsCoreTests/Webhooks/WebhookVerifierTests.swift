import Foundation
import PaymentsCore
import Testing

@Suite struct WebhookVerifierTests {
    typealias Vector = WebhooksTestSupport.StandardVector

    private let verifier: WebhookVerifier

    init() throws {
        verifier = WebhookVerifier(secret: try WebhookSecret(encoded: Vector.secret))
    }

    private func headers(id: String = Vector.id, timestamp: String = "1614265330", signature: String = Vector.signature) -> WebhookHeaders {
        WebhookHeaders(id: id, timestamp: timestamp, signature: signature)
    }

    @Test func acceptsTheStandardWebhooksTestVector() {
        #expect(throws: Never.self) { try verifier.verify(Vector.headers, body: Vector.body, now: Vector.now) }
    }

    @Test func acceptsAnUnprefixedSecret() throws {
        let unprefixed = WebhookVerifier(secret: try WebhookSecret(encoded: "MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
        #expect(throws: Never.self) { try unprefixed.verify(Vector.headers, body: Vector.body, now: Vector.now) }
    }

    @Test func acceptsByteArrayBodies() {
        #expect(throws: Never.self) { try verifier.verify(Vector.headers, body: Array(Vector.body), now: Vector.now) }
    }

    @Test func rejectsAnyChangedBodyByte() {
        for index in Vector.body.indices {
            var body = Vector.body
            body[index] ^= 0x01
            #expect(throws: WebhookVerificationError.noMatchingSignature) {
                try verifier.verify(Vector.headers, body: body, now: Vector.now)
            }
        }
    }

    @Test func rejectsAppendedBodyBytes() {
        let body = Vector.body + Data("\n".utf8)
        #expect(throws: WebhookVerificationError.noMatchingSignature) {
            try verifier.verify(Vector.headers, body: body, now: Vector.now)
        }
    }

    @Test func rejectsAChangedId() {
        #expect(throws: WebhookVerificationError.noMatchingSignature) {
            try verifier.verify(headers(id: "msg_p5jXN8AQM9LWM0D4loKWxJel"), body: Vector.body, now: Vector.now)
        }
    }

    @Test func rejectsAChangedTimestampEvenWithinTolerance() {
        #expect(throws: WebhookVerificationError.noMatchingSignature) {
            try verifier.verify(headers(timestamp: "1614265331"), body: Vector.body, now: Vector.now)
        }
    }

    @Test func rejectsASignatureFromAnotherSecret() throws {
        let other = WebhookVerifier(secret: try WebhookSecret(keyBytes: Array(0..<32)))
        #expect(throws: WebhookVerificationError.noMatchingSignature) {
            try other.verify(Vector.headers, body: Vector.body, now: Vector.now)
        }
    }

    @Test func rejectsATamperedSignatureCharacter() {
        let tampered = "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OA="
        #expect(throws: WebhookVerificationError.noMatchingSignature) {
            try verifier.verify(headers(signature: tampered), body: Vector.body, now: Vector.now)
        }
    }

    @Test func acceptsWhenAnyListedSignatureMatches() {
        let listed = [
            "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=",
            "v2,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=",
            Vector.signature,
            "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc=",
        ].joined(separator: " ")
        #expect(throws: Never.self) { try verifier.verify(headers(signature: listed), body: Vector.body, now: Vector.now) }
    }

    @Test func rejectsWhenNoListedSignatureMatches() {
        let listed = "v1,Ceo5qEr07ixe2NLpvHk3FH9bwy/WavXrAFQ/9tdO6mc= v1,bm90IGl0"
        #expect(throws: WebhookVerificationError.noMatchingSignature) {
            try verifier.verify(headers(signature: listed), body: Vector.body, now: Vector.now)
        }
    }

    @Test func ignoresUnknownVersionsEvenWhenTheyCarryTheRightMAC() {
        let mac = Vector.signature.dropFirst(3)
        let unknownOnly = "v1a,\(mac) v2,\(mac) \(mac) v1\(mac)"
        #expect(throws: WebhookVerificationError.noSupportedSignature) {
            try verifier.verify(headers(signature: unknownOnly), body: Vector.body, now: Vector.now)
        }
        #expect(throws: Never.self) {
            try verifier.verify(headers(signature: unknownOnly + " " + Vector.signature), body: Vector.body, now: Vector.now)
        }
    }

    @Test func acceptsAnUnpaddedSignature() {
        let unpadded = String(Vector.signature.dropLast())
        #expect(throws: Never.self) { try verifier.verify(headers(signature: unpadded), body: Vector.body, now: Vector.now) }
    }

    @Test func rejectsATruncatedSignature() {
        let truncated = String(Vector.signature.dropLast(2))
        #expect(throws: WebhookVerificationError.noMatchingSignature) {
            try verifier.verify(headers(signature: truncated), body: Vector.body, now: Vector.now)
        }
    }

    @Test(arguments: [-300, 0, 300])
    func acceptsTimestampsUpToTheToleranceInBothDirections(offset: Int) {
        let now = Vector.now + TimeInterval(offset)
        #expect(throws: Never.self) { try verifier.verify(Vector.headers, body: Vector.body, now: now) }
    }

    @Test func rejectsATimestamp301SecondsOld() {
        let now = Vector.now + 301
        #expect(throws: WebhookVerificationError.timestampTooOld(timestamp: 1_614_265_330, now: 1_614_265_631, toleranceSeconds: 300)) {
            try verifier.verify(Vector.headers, body: Vector.body, now: now)
        }
    }

    @Test func rejectsATimestamp301SecondsInTheFuture() {
        let now = Vector.now - 301
        #expect(throws: WebhookVerificationError.timestampTooNew(timestamp: 1_614_265_330, now: 1_614_265_029, toleranceSeconds: 300)) {
            try verifier.verify(Vector.headers, body: Vector.body, now: now)
        }
    }

    @Test func roundsFractionalNowDownLikeTheReferenceLibraries() {
        #expect(throws: Never.self) { try verifier.verify(Vector.headers, body: Vector.body, now: Vector.now + 300.9) }
        #expect(throws: WebhookVerificationError.timestampTooNew(timestamp: 1_614_265_330, now: 1_614_265_029, toleranceSeconds: 300)) {
            try verifier.verify(Vector.headers, body: Vector.body, now: Vector.now - 300.1)
        }
    }

    @Test func honoursACustomTolerance() throws {
        let strict = WebhookVerifier(secret: try WebhookSecret(encoded: Vector.secret), toleranceSeconds: 10)
        #expect(throws: Never.self) { try strict.verify(Vector.headers, body: Vector.body, now: Vector.now + 10) }
        #expect(throws: WebhookVerificationError.timestampTooOld(timestamp: 1_614_265_330, now: 1_614_265_341, toleranceSeconds: 10)) {
            try strict.verify(Vector.headers, body: Vector.body, now: Vector.now + 11)
        }
    }

    @Test(arguments: ["hello", "1614265330.5", "-1614265330", "+1614265330", " 1614265330", "99999999999999999999"])
    func rejectsMalformedTimestamps(timestamp: String) {
        #expect(throws: WebhookVerificationError.malformedTimestamp(timestamp)) {
            try verifier.verify(headers(timestamp: timestamp), body: Vector.body, now: Vector.now)
        }
    }

    @Test func checksTheTimestampBeforeTheSignature() {
        #expect(throws: WebhookVerificationError.malformedTimestamp("soon")) {
            try verifier.verify(headers(timestamp: "soon", signature: "v1,bm9wZQ=="), body: Vector.body, now: Vector.now)
        }
    }

    @Test(arguments: [WebhookHeaders.idName, WebhookHeaders.timestampName, WebhookHeaders.signatureName])
    func reportsEachMissingHeader(name: String) {
        var httpHeaders = Vector.headers.httpHeaders
        httpHeaders[name] = nil
        #expect(throws: WebhookVerificationError.missingHeader(name)) {
            try verifier.verify(httpHeaders: httpHeaders, body: Vector.body, now: Vector.now)
        }
        httpHeaders[name] = ""
        #expect(throws: WebhookVerificationError.missingHeader(name)) {
            try verifier.verify(httpHeaders: httpHeaders, body: Vector.body, now: Vector.now)
        }
    }

    @Test func reportsAnEmptyHeaderPassedDirectly() {
        #expect(throws: WebhookVerificationError.missingHeader("webhook-signature")) {
            try verifier.verify(headers(signature: ""), body: Vector.body, now: Vector.now)
        }
    }

    @Test func matchesHeaderNamesCaseInsensitively() {
        let httpHeaders = [
            "Webhook-Id": Vector.id,
            "WEBHOOK-TIMESTAMP": "1614265330",
            "webhook-Signature": Vector.signature,
            "Content-Type": "application/json",
        ]
        #expect(throws: Never.self) { try verifier.verify(httpHeaders: httpHeaders, body: Vector.body, now: Vector.now) }
    }

    @Test func describesFailuresClearly() {
        #expect(WebhookVerificationError.missingHeader("webhook-id").description == "missing header webhook-id")
        #expect(WebhookVerificationError.timestampTooOld(timestamp: 100, now: 401, toleranceSeconds: 300).description
            == "timestamp too old: 100 is 301 s before now 401 (tolerance 300 s)")
        #expect(WebhookVerificationError.timestampTooNew(timestamp: 401, now: 100, toleranceSeconds: 300).description
            == "timestamp too new: 401 is 301 s after now 100 (tolerance 300 s)")
        #expect(WebhookVerificationError.noMatchingSignature.description.hasPrefix("no valid signature"))
    }
}
