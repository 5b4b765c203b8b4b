import Crypto
import Foundation
@_spi(FixedExpiryValidationTime) import X509

/// Checks signed transactions against trusted roots, the way StoreKit 2 checks App Store transactions.
///
/// Only the roots passed in are trusted (the App Store's, and the merchant's where its own sales
/// count too); the root inside a token's x5c is never consulted. Validated chains
/// are cached (see ``ValidatedChainCache``), so verifying many transactions from the same store costs one
/// JSON decode and one P-256 verification each. Copies share the cache.
public struct TransactionVerifier: Sendable {
    public let trustedRoots: [Certificate]
    private let chainCache = ValidatedChainCache()
    /// Shared because building a decoder per call is a measurable share of a cached verification.
    private let payloadDecoder = TransactionJSONCoding.makeDecoder()

    /// Leaf, intermediate, root: the chain shape the App Store uses and Kiosk's store signs with.
    static let expectedChainLength = 3

    public init(trustedRoots: [Certificate]) {
        self.trustedRoots = trustedRoots
    }

    public init(trustedRoot: Certificate) {
        self.init(trustedRoots: [trustedRoot])
    }

    /// Verifies a compact JWS at `now`, which decides certificate validity (expired chains fail).
    ///
    /// Runs on the caller's executor (`nonisolated(nonsending)`): a cached verification is a few tens of
    /// microseconds, and hopping to the global executor and back would cost as much again.
    public nonisolated(nonsending) func verify(_ jws: String, at now: Date) async -> TransactionVerificationResult {
        let token: CompactJWS
        do {
            token = try CompactJWS(parsing: jws)
        } catch {
            return .unverified(error, nil)
        }
        let decodedPayload: Result<TransactionPayload, TransactionVerificationFailure>
        do throws(SignatureFailure) {
            try await checkSignature(of: token, at: now)
            decodedPayload = decodePayload(token.payload)
        } catch {
            switch error {
            case let .header(failure): return .unverified(failure, nil)
            case let .chainOrSignature(failure): return .unverified(failure, try? decodePayload(token.payload).get())
            }
        }
        switch decodedPayload {
        case .success(let payload): return .verified(payload)
        case .failure(let failure): return .unverified(failure, nil)
        }
    }

    /// Verifies signed data other than a transaction, under the same roots and chain rules (an App
    /// Store Server Notification, renewal info), and decodes its payload as `type`.
    public nonisolated(nonsending) func verifiedPayload<Payload: Decodable>(
        of jws: String,
        as type: Payload.Type,
        at now: Date
    ) async throws(TransactionVerificationFailure) -> Payload {
        let token = try CompactJWS(parsing: jws)
        do throws(SignatureFailure) {
            try await checkSignature(of: token, at: now)
        } catch {
            switch error {
            case let .header(failure), let .chainOrSignature(failure): throw failure
            }
        }
        do {
            return try payloadDecoder.decode(Payload.self, from: Data(token.payload))
        } catch {
            throw .invalidEncoding("payload is not a valid \(Payload.self): \(error)")
        }
    }

    /// Why a token's signature does not hold: its header is unreadable (no payload is worth
    /// showing then), or its chain or signature fails.
    private enum SignatureFailure: Error {
        case header(TransactionVerificationFailure)
        case chainOrSignature(TransactionVerificationFailure)
    }

    /// The token's chain leads to a trusted root (cached per header) and its signature holds.
    private nonisolated(nonsending) func checkSignature(of token: CompactJWS, at now: Date) async throws(SignatureFailure) {
        let signingKey: ValidatedSigningKey
        let header = token.headerSegment
        if let cached = chainCache.key(for: header), cached.isValid(at: now) {
            signingKey = cached
        } else {
            let x5c: [String]
            do {
                x5c = try Self.decodeHeader(token.decodedHeader()).x5c ?? []
            } catch {
                throw .header(error)
            }
            do {
                signingKey = try await validateChain(x5c: x5c, at: now)
            } catch {
                throw .chainOrSignature(error)
            }
            chainCache.insert(signingKey, for: header)
        }
        guard LowSSignature.isLowS(token.signature),
              let publicKey = signingKey.p256PublicKey,
              let signature = try? P256.Signing.ECDSASignature(rawRepresentation: token.signature),
              publicKey.isValidSignature(signature, for: token.signingInput)
        else {
            throw .chainOrSignature(.invalidSignature)
        }
    }

    /// Number of chains currently cached; lets tests observe that the fast path is really taken.
    var cachedChainCount: Int { chainCache.count }

    private static func decodeHeader(_ bytes: [UInt8]) throws(TransactionVerificationFailure) -> JWSHeader {
        let header: JWSHeader
        do {
            header = try JSONDecoder().decode(JWSHeader.self, from: Data(bytes))
        } catch {
            throw .invalidEncoding("header is not a JSON object with string alg and x5c array")
        }
        guard let algorithm = header.alg else { throw .invalidEncoding("header has no alg") }
        guard algorithm == JWSHeader.es256 else { throw .unsupportedAlgorithm(algorithm) }
        if let critical = header.crit {
            throw .invalidEncoding("header marks unsupported parameters as critical: \(critical.joined(separator: ", "))")
        }
        return header
    }

    private func decodePayload(_ bytes: [UInt8]) -> Result<TransactionPayload, TransactionVerificationFailure> {
        let data = Data(bytes)
        do {
            return .success(try payloadDecoder.decode(TransactionPayload.self, from: data))
        } catch DecodingError.keyNotFound, DecodingError.valueNotFound {
            return .failure(.missingRequiredProperties(Self.missingRequiredKeys(in: data)))
        } catch let DecodingError.typeMismatch(_, context), let DecodingError.dataCorrupted(context) {
            let path = context.codingPath.map(\.stringValue).joined(separator: ".")
            let detail = path.isEmpty ? "payload is not a JSON object" : "payload property \(path) has an invalid value"
            return .failure(.invalidEncoding(detail))
        } catch {
            return .failure(.invalidEncoding("payload is not valid JSON"))
        }
    }

    /// Names every absent or null required key, not just the first one the decoder met.
    private static func missingRequiredKeys(in data: Data) -> [String] {
        let object = (try? JSONSerialization.jsonObject(with: data)) as? [String: Any] ?? [:]
        return TransactionPayload.requiredKeys.filter { key in
            guard let value = object[key] else { return true }
            return value is NSNull
        }
    }

    private func validateChain(x5c: [String], at now: Date) async throws(TransactionVerificationFailure) -> ValidatedSigningKey {
        guard !x5c.isEmpty else { throw .invalidCertificateChain("header carries no x5c certificate chain") }
        guard x5c.count == Self.expectedChainLength else {
            throw .invalidCertificateChain(
                "x5c must hold leaf, intermediate and root certificates, found \(x5c.count) certificate(s)"
            )
        }
        let certificates = try x5c.enumerated().map { index, encoded throws(TransactionVerificationFailure) in
            guard let der = Data(base64Encoded: encoded) else {
                throw .invalidEncoding("x5c[\(index)] is not standard base64")
            }
            do {
                return try Certificate(derEncoded: Array(der))
            } catch {
                throw .invalidCertificateChain("x5c[\(index)] is not a DER X.509 certificate")
            }
        }
        let leaf = certificates[0]
        let intermediate = certificates[1]
        try Self.requireSigningLeaf(leaf)
        for certificate in [leaf, intermediate] {
            try Self.requireValidity(of: certificate, at: now)
        }
        guard P256.Signing.PublicKey(leaf.publicKey) != nil else {
            throw .invalidCertificateChain("leaf certificate key is not P-256")
        }

        // The root the chain claims, if trusted, is checked first for a readable message.
        if let root = trustedRoots.first(where: { $0.subject == intermediate.issuer }) {
            try Self.requireValidity(of: root, at: now)
        }
        var verifier = Verifier(rootCertificates: CertificateStore(trustedRoots)) {
            RFC5280Policy(fixedExpiryValidationTime: now)
        }
        switch await verifier.validate(leaf: leaf, intermediates: CertificateStore([intermediate])) {
        case .validCertificate(let chain):
            return ValidatedSigningKey(
                leafPublicKey: leaf.publicKey,
                validFrom: chain.map(\.notValidBefore).max() ?? leaf.notValidBefore,
                validUntil: chain.map(\.notValidAfter).min() ?? leaf.notValidAfter
            )
        case .couldNotValidate(let failures):
            let detail = failures.first.map { ": \($0.policyFailureReason)" } ?? ""
            let roots = trustedRoots.map { "\($0.subject)" }.joined(separator: " or ")
            let trusted = trustedRoots.count == 1 ? "the trusted root \(roots)" : "a trusted root (\(roots))"
            throw .invalidCertificateChain("chain does not lead to \(trusted)\(detail)")
        }
    }

    /// A CA certificate must never sign transactions directly, and a leaf must be meant for signatures.
    private static func requireSigningLeaf(_ leaf: Certificate) throws(TransactionVerificationFailure) {
        let basicConstraints: BasicConstraints?
        let keyUsage: KeyUsage?
        do {
            basicConstraints = try leaf.extensions.basicConstraints
            keyUsage = try leaf.extensions.keyUsage
        } catch {
            throw .invalidCertificateChain("leaf certificate extensions are malformed")
        }
        if case .isCertificateAuthority = basicConstraints {
            throw .invalidCertificateChain("leaf certificate \(leaf.subject) is a CA")
        }
        if let keyUsage, !keyUsage.digitalSignature {
            throw .invalidCertificateChain(
                "leaf certificate \(leaf.subject) is not allowed to sign (no digitalSignature key usage)"
            )
        }
    }

    /// Checked ahead of chain building only to give a readable message; the RFC 5280 policy enforces it too.
    private static func requireValidity(of certificate: Certificate, at now: Date) throws(TransactionVerificationFailure) {
        let checkedAt = "checked at \(now.formatted(.iso8601))"
        if now < certificate.notValidBefore {
            let start = certificate.notValidBefore.formatted(.iso8601)
            throw .invalidCertificateChain("certificate \(certificate.subject) is not valid until \(start) (\(checkedAt))")
        }
        if now > certificate.notValidAfter {
            let end = certificate.notValidAfter.formatted(.iso8601)
            throw .invalidCertificateChain("certificate \(certificate.subject) expired at \(end) (\(checkedAt))")
        }
    }
}
