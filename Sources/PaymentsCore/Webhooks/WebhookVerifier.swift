import Foundation

/// Checks a delivery against the raw body bytes, before any JSON parsing, as Standard Webhooks
/// requires: re-serialised JSON would not reproduce the signed bytes. Keys are prepared once at
/// construction so the per-delivery cost is close to a single HMAC of the body.
public struct WebhookVerifier: Sendable {
    public static let defaultToleranceSeconds: UInt32 = 300

    /// Allowed distance, in either direction, between `webhook-timestamp` and `now`; a distance
    /// of exactly this many seconds is still accepted.
    public let toleranceSeconds: UInt32
    private let keys: [WebhookSigningKey]
    /// `whpk_` keys that `v1a` entries are checked against.
    private let publicKeys: [WebhookPublicKey]

    /// Accepts the current secret and every retired secret until its expiry.
    public init(secrets: WebhookSecretSet, toleranceSeconds: UInt32 = defaultToleranceSeconds) {
        self.toleranceSeconds = toleranceSeconds
        keys = [WebhookSigningKey(secret: secrets.current)]
            + secrets.retired.map { WebhookSigningKey(secret: $0.secret, expiresAt: $0.expiresAt) }
        publicKeys = []
    }

    /// Checks the asymmetric `v1a` (ed25519) entries against `publicKey`; `v1` entries are skipped.
    public init(publicKey: WebhookPublicKey, toleranceSeconds: UInt32 = defaultToleranceSeconds) {
        self.toleranceSeconds = toleranceSeconds
        keys = []
        publicKeys = [publicKey]
    }

    public init(secret: WebhookSecret, toleranceSeconds: UInt32 = defaultToleranceSeconds) {
        self.init(secrets: WebhookSecretSet(current: secret), toleranceSeconds: toleranceSeconds)
    }

    /// Verifies a delivery given its HTTP header map (names matched case-insensitively).
    public func verify(
        httpHeaders: [String: String],
        body: some ContiguousBytes,
        now: Date
    ) throws(WebhookVerificationError) {
        try verify(WebhookHeaders(httpHeaders: httpHeaders), body: body, now: now)
    }

    public func verify(
        _ headers: WebhookHeaders,
        body: some ContiguousBytes,
        now: Date
    ) throws(WebhookVerificationError) {
        let failure = body.withUnsafeBytes { failureReason(headers, body: $0, now: now) }
        if let failure { throw failure }
    }

    /// Cheap header checks run before any HMAC work so that malformed or stale deliveries cost
    /// almost nothing.
    private func failureReason(
        _ headers: WebhookHeaders,
        body: UnsafeRawBufferPointer,
        now: Date
    ) -> WebhookVerificationError? {
        if headers.id.isEmpty { return .missingHeader(WebhookHeaders.idName) }
        if headers.timestamp.isEmpty { return .missingHeader(WebhookHeaders.timestampName) }
        if headers.signature.isEmpty { return .missingHeader(WebhookHeaders.signatureName) }
        guard let timestamp = WebhookTimestamp.parse(headers.timestamp) else {
            return .malformedTimestamp(headers.timestamp)
        }
        let nowSeconds = WebhookTimestamp.seconds(of: now)
        let tolerance = Int64(toleranceSeconds)
        if timestamp < nowSeconds - tolerance {
            return .timestampTooOld(timestamp: timestamp, now: nowSeconds, toleranceSeconds: toleranceSeconds)
        }
        if timestamp > nowSeconds + tolerance {
            return .timestampTooNew(timestamp: timestamp, now: nowSeconds, toleranceSeconds: toleranceSeconds)
        }
        if !publicKeys.isEmpty {
            let signatures = WebhookSignatureHeader.asymmetricSignatures(headers.signature)
            guard !signatures.isEmpty else { return .noAsymmetricSignature }
            let content = WebhookPublicKey.content(id: headers.id, timestamp: headers.timestamp, body: body)
            for key in publicKeys {
                for signature in signatures where key.accepts(base64Signature: signature, content: content) {
                    return nil
                }
            }
            return .noMatchingAsymmetricSignature
        }
        for key in keys where key.isAccepted(at: now) {
            let expected = key.base64Signature(id: headers.id, timestamp: headers.timestamp, body: body, padded: false)
            switch WebhookSignatureHeader.match(headers.signature, expectedUnpadded: expected) {
            case .matched:
                return nil
            case .noVersion1Entry:
                return .noSupportedSignature
            case .noMatch:
                continue
            }
        }
        return .noMatchingSignature
    }
}
