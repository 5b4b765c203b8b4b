import Crypto
import Foundation
import Testing
import X509

@testable import PaymentsCore

@Suite("Transaction verifier")
final class TransactionVerifierTests {
    let directory: SignedTransactionsTemporaryDirectory
    let authority: TransactionSigningAuthority
    let verifier: TransactionVerifier
    let now = SignedTransactionsFixtures.now

    init() throws {
        directory = try SignedTransactionsTemporaryDirectory()
        authority = try SignedTransactionsFixtures.authority(in: directory)
        verifier = TransactionVerifier(trustedRoot: authority.rootCertificate)
    }

    deinit {
        directory.remove()
    }

    private func leafKey() throws -> P256.Signing.PrivateKey {
        try SignedTransactionsFixtures.storedKey(SigningKeyDirectory.leafFile, in: directory)
    }

    private func chain() throws -> [String] {
        try SignedTransactionsFixtures.x5c([
            authority.leafCertificate, authority.intermediateCertificate, authority.rootCertificate,
        ])
    }

    @Test("a signed payload verifies and decodes to an equal payload")
    func roundTrip() async throws {
        let payload = SignedTransactionsFixtures.payload()
        let jws = try authority.sign(payload)

        let result = await verifier.verify(jws, at: now)
        #expect(result == .verified(payload))
        #expect(result.verifiedPayload == payload)
        #expect(jws.split(separator: ".").count == 3)
        #expect(!jws.contains("="))
    }

    @Test("the protected header carries alg ES256 and a standard-base64 leaf, intermediate, root x5c")
    func headerShape() throws {
        let jws = try authority.sign(SignedTransactionsFixtures.payload())
        let headerSegment = try #require(jws.split(separator: ".").first)
        let header = try JSONSerialization.jsonObject(with: Data(try Base64URL.decode(headerSegment))) as? [String: Any]
        #expect(header?["alg"] as? String == "ES256")
        let x5c = try #require(header?["x5c"] as? [String])
        #expect(x5c == (try chain()))
        let leaf = try Certificate(derEncoded: Array(try #require(Data(base64Encoded: x5c[0]))))
        #expect(leaf == authority.leafCertificate)
    }

    @Test("the signature segment is the 64-byte raw r||s form, not DER")
    func rawSignature() throws {
        let jws = try authority.sign(SignedTransactionsFixtures.payload())
        let signatureSegment = try #require(jws.split(separator: ".").last)
        #expect(try Base64URL.decode(signatureSegment).count == 64)
    }

    @Test("an expired leaf fails as an invalid certificate chain, with the payload still decoded")
    func expiredLeaf() async throws {
        let payload = SignedTransactionsFixtures.payload()
        let jws = try authority.sign(payload)
        let afterLeafExpiry = authority.leafCertificate.notValidAfter.addingTimeInterval(1)

        let result = await verifier.verify(jws, at: afterLeafExpiry)
        guard case .unverified(.invalidCertificateChain(let detail), let decoded) = result else {
            Issue.record("expected invalidCertificateChain, got \(result)")
            return
        }
        #expect(detail.contains("expired"))
        #expect(detail.contains("Transaction Signing"))
        #expect(decoded == payload)
    }

    @Test("a chain that is not yet valid fails")
    func notYetValid() async throws {
        let jws = try authority.sign(SignedTransactionsFixtures.payload())
        let beforeIssue = now.addingTimeInterval(-2 * SignedTransactionsFixtures.day)
        guard case .unverified(.invalidCertificateChain(let detail), _) = await verifier.verify(jws, at: beforeIssue) else {
            Issue.record("expected invalidCertificateChain")
            return
        }
        #expect(detail.contains("not valid until"))
    }

    @Test("a chain to a different root fails as an invalid certificate chain")
    func differentRoot() async throws {
        let otherDirectory = try SignedTransactionsTemporaryDirectory()
        defer { otherDirectory.remove() }
        let stranger = try SignedTransactionsFixtures.authority(in: otherDirectory, seed: 2)
        let payload = SignedTransactionsFixtures.payload()

        let result = await verifier.verify(try stranger.sign(payload), at: now)
        guard case .unverified(.invalidCertificateChain(let detail), let decoded) = result else {
            Issue.record("expected invalidCertificateChain, got \(result)")
            return
        }
        #expect(detail.contains("trusted root"))
        #expect(decoded == payload)
    }

    @Test("mixing our leaf and intermediate with a foreign root in x5c still validates only against our root")
    func x5cRootIsNotTrusted() async throws {
        let otherDirectory = try SignedTransactionsTemporaryDirectory()
        defer { otherDirectory.remove() }
        let stranger = try SignedTransactionsFixtures.authority(in: otherDirectory, seed: 2)
        let strangerKey = try SignedTransactionsFixtures.storedKey(SigningKeyDirectory.leafFile, in: otherDirectory)
        let strangerChainWithOurRoot = try SignedTransactionsFixtures.x5c([
            stranger.leafCertificate, stranger.intermediateCertificate, authority.rootCertificate,
        ])
        let jws = try SignedTransactionsFixtures.compactJWS(
            headerJSON: try SignedTransactionsFixtures.headerJSON(alg: "ES256", x5c: strangerChainWithOurRoot),
            payloadJSON: try SignedTransactionsFixtures.payloadJSON(SignedTransactionsFixtures.payload()),
            key: strangerKey
        )
        guard case .unverified(.invalidCertificateChain, _) = await verifier.verify(jws, at: now) else {
            Issue.record("expected invalidCertificateChain")
            return
        }
    }

    @Test("alg none and other algorithms are unsupported", arguments: ["none", "HS256", "ES384", "RS256", "es256"])
    func unsupportedAlgorithm(alg: String) async throws {
        let payloadJSON = try SignedTransactionsFixtures.payloadJSON(SignedTransactionsFixtures.payload())
        let headerJSON = try SignedTransactionsFixtures.headerJSON(alg: alg, x5c: try chain())
        let signed = try SignedTransactionsFixtures.compactJWS(headerJSON: headerJSON, payloadJSON: payloadJSON, key: try leafKey())
        #expect(await verifier.verify(signed, at: now) == .unverified(.unsupportedAlgorithm(alg), nil))

        let unsecured = Base64URL.encode(Array(headerJSON.utf8)) + "." + Base64URL.encode(Array(payloadJSON.utf8)) + "."
        guard case .unverified = await verifier.verify(unsecured, at: now) else {
            Issue.record("an unsecured JWS must not verify")
            return
        }
    }

    @Test("a header without alg, or with crit, is an encoding error")
    func malformedHeaders() async throws {
        let payloadJSON = try SignedTransactionsFixtures.payloadJSON(SignedTransactionsFixtures.payload())
        let x5cJSON = String(decoding: try JSONSerialization.data(withJSONObject: try chain()), as: UTF8.self)
        let headers = [
            #"{"x5c":\#(x5cJSON)}"#,
            #"{"alg":"ES256","crit":["exp"],"x5c":\#(x5cJSON)}"#,
            #"{"alg":7,"x5c":\#(x5cJSON)}"#,
            #"["ES256"]"#,
            "not json",
        ]
        for header in headers {
            let jws = try SignedTransactionsFixtures.compactJWS(headerJSON: header, payloadJSON: payloadJSON, key: try leafKey())
            guard case .unverified(.invalidEncoding, nil) = await verifier.verify(jws, at: now) else {
                Issue.record("header \(header) should be an encoding error")
                continue
            }
        }
    }

    @Test("missing or short x5c chains are invalid certificate chains")
    func badChains() async throws {
        let payloadJSON = try SignedTransactionsFixtures.payloadJSON(SignedTransactionsFixtures.payload())
        let full = try chain()
        let variants: [[String]] = [[], [full[0]], [full[0], full[1]], full + [full[2]], [full[0], full[0], full[2]]]
        for x5c in variants {
            let jws = try SignedTransactionsFixtures.compactJWS(
                headerJSON: try SignedTransactionsFixtures.headerJSON(alg: "ES256", x5c: x5c),
                payloadJSON: payloadJSON,
                key: try leafKey()
            )
            guard case .unverified(.invalidCertificateChain, .some) = await verifier.verify(jws, at: now) else {
                Issue.record("x5c of \(x5c.count) certificates should be an invalid chain")
                continue
            }
        }
        let noX5c = try SignedTransactionsFixtures.compactJWS(headerJSON: #"{"alg":"ES256"}"#, payloadJSON: payloadJSON, key: try leafKey())
        #expect(await verifier.verify(noX5c, at: now)
            == .unverified(.invalidCertificateChain("header carries no x5c certificate chain"), SignedTransactionsFixtures.payload()))
    }

    @Test("x5c entries that are not base64 or not certificates are rejected")
    func garbageCertificates() async throws {
        let payloadJSON = try SignedTransactionsFixtures.payloadJSON(SignedTransactionsFixtures.payload())
        let full = try chain()
        let notBase64 = try SignedTransactionsFixtures.compactJWS(
            headerJSON: try SignedTransactionsFixtures.headerJSON(alg: "ES256", x5c: ["%%%", full[1], full[2]]),
            payloadJSON: payloadJSON,
            key: try leafKey()
        )
        #expect(await verifier.verify(notBase64, at: now)
            == .unverified(.invalidEncoding("x5c[0] is not standard base64"), SignedTransactionsFixtures.payload()))
        let notCertificate = try SignedTransactionsFixtures.compactJWS(
            headerJSON: try SignedTransactionsFixtures.headerJSON(alg: "ES256", x5c: [full[0], "AAAA", full[2]]),
            payloadJSON: payloadJSON,
            key: try leafKey()
        )
        #expect(await verifier.verify(notCertificate, at: now)
            == .unverified(.invalidCertificateChain("x5c[1] is not a DER X.509 certificate"), SignedTransactionsFixtures.payload()))
    }

    @Test("a CA certificate used as the leaf is rejected even though it chains to the root")
    func caAsLeaf() async throws {
        let intermediateKey = try SignedTransactionsFixtures.storedKey(SigningKeyDirectory.intermediateFile, in: directory)
        var generator = SignedTransactionsSeededGenerator(seed: 3)
        let rogueKey = try SigningCertificateIssuer.makePrivateKey(using: &generator)
        let rogueLeaf = try Certificate(
            version: .v3,
            serialNumber: Certificate.SerialNumber(bytes: [0x42]),
            publicKey: Certificate.PublicKey(rogueKey.publicKey),
            notValidBefore: now.addingTimeInterval(-3_600),
            notValidAfter: now.addingTimeInterval(SignedTransactionsFixtures.day),
            issuer: authority.intermediateCertificate.subject,
            subject: try DistinguishedName { CommonName("Rogue CA leaf") },
            signatureAlgorithm: .ecdsaWithSHA256,
            extensions: try Certificate.Extensions {
                Critical(BasicConstraints.isCertificateAuthority(maxPathLength: nil))
                Critical(KeyUsage(digitalSignature: true, keyCertSign: true))
            },
            issuerPrivateKey: Certificate.PrivateKey(intermediateKey)
        )
        let x5c = try SignedTransactionsFixtures.x5c([rogueLeaf, authority.intermediateCertificate, authority.rootCertificate])
        let jws = try SignedTransactionsFixtures.compactJWS(
            headerJSON: try SignedTransactionsFixtures.headerJSON(alg: "ES256", x5c: x5c),
            payloadJSON: try SignedTransactionsFixtures.payloadJSON(SignedTransactionsFixtures.payload()),
            key: rogueKey
        )
        guard case .unverified(.invalidCertificateChain(let detail), _) = await verifier.verify(jws, at: now) else {
            Issue.record("a CA leaf must not verify")
            return
        }
        #expect(detail.contains("is a CA"))
    }

    @Test("a payload missing required properties names all of them")
    func missingRequiredProperties() async throws {
        var object = try #require(
            try JSONSerialization.jsonObject(
                with: Data(try SignedTransactionsFixtures.payloadJSON(SignedTransactionsFixtures.payload()).utf8)
            ) as? [String: Any]
        )
        object["bundleId"] = nil
        object["price"] = nil
        object["currency"] = NSNull()
        let payloadJSON = String(decoding: try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys]), as: UTF8.self)
        let jws = try SignedTransactionsFixtures.compactJWS(
            headerJSON: try SignedTransactionsFixtures.headerJSON(alg: "ES256", x5c: try chain()),
            payloadJSON: payloadJSON,
            key: try leafKey()
        )
        #expect(await verifier.verify(jws, at: now) == .unverified(.missingRequiredProperties(["bundleId", "price", "currency"]), nil))
    }

    @Test("a signed payload with wrongly typed values is an encoding error")
    func wronglyTypedPayload() async throws {
        let payloadJSON = try SignedTransactionsFixtures.payloadJSON(SignedTransactionsFixtures.payload())
            .replacingOccurrences(of: #""price":499"#, with: #""price":"4.99""#)
        let jws = try SignedTransactionsFixtures.compactJWS(
            headerJSON: try SignedTransactionsFixtures.headerJSON(alg: "ES256", x5c: try chain()),
            payloadJSON: payloadJSON,
            key: try leafKey()
        )
        #expect(await verifier.verify(jws, at: now) == .unverified(.invalidEncoding("payload property price has an invalid value"), nil))
    }

    /// A well-formed but wrong 64-byte signature, so that header problems are what gets reported.
    static let zeroSignature = String(repeating: "A", count: 86)

    @Test(
        "malformed compact serializations are encoding errors",
        arguments: [
            ("", "expected 3"),
            ("abc", "expected 3"),
            ("a.b", "expected 3"),
            ("a.b.c.d", "expected 3"),
            ("..", "header segment is empty"),
            ("e30=.e30.\(zeroSignature)", "header segment: character at offset 3"),
            ("e30.e3+0.AAAA", "alphabet"),
            ("e30.e 30.AAAA", "alphabet"),
            ("e30.e30.A", "length"),
            ("e31.e30.\(zeroSignature)", "header segment: final character"),
            ("e30.e30.AAAA", "64 bytes"),
        ]
    )
    func malformedCompact(input: String, expectedDetail: String) async throws {
        guard case .unverified(.invalidEncoding(let detail), nil) = await verifier.verify(input, at: now) else {
            Issue.record("\(input) should be an encoding error")
            return
        }
        #expect(detail.contains(expectedDetail))
    }

    @Test("a DER-encoded ECDSA signature is refused even though the key made it")
    func derSignatureRejected() async throws {
        let jws = try authority.sign(SignedTransactionsFixtures.payload())
        let signingInput = jws[..<(try #require(jws.lastIndex(of: ".")))]
        let der = try leafKey().signature(for: Data(signingInput.utf8)).derRepresentation
        let derJWS = signingInput + "." + Base64URL.encode(der)
        guard case .unverified(.invalidEncoding(let detail), nil) = await verifier.verify(String(derJWS), at: now) else {
            Issue.record("DER signature must be rejected")
            return
        }
        #expect(detail.contains("64 bytes"))
    }

    @Test("a valid signature from another key over our chain is an invalid signature")
    func wrongKey() async throws {
        var generator = SignedTransactionsSeededGenerator(seed: 77)
        let otherKey = try SigningCertificateIssuer.makePrivateKey(using: &generator)
        let payload = SignedTransactionsFixtures.payload()
        let jws = try SignedTransactionsFixtures.compactJWS(
            headerJSON: try SignedTransactionsFixtures.headerJSON(alg: "ES256", x5c: try chain()),
            payloadJSON: try SignedTransactionsFixtures.payloadJSON(payload),
            key: otherKey
        )
        #expect(await verifier.verify(jws, at: now) == .unverified(.invalidSignature, payload))
    }

    @Test("a second verification of the same chain is served from the cache, and tampering still fails")
    func cacheKeepsCheckingSignatures() async throws {
        let payload = SignedTransactionsFixtures.payload()
        let jws = try authority.sign(payload)
        #expect(verifier.cachedChainCount == 0)
        #expect(await verifier.verify(jws, at: now) == .verified(payload))
        #expect(verifier.cachedChainCount == 1)

        var otherPayload = payload
        otherPayload.price = 1
        let swappedPayload = try SignedTransactionsFixtures.payloadJSON(otherPayload)
        var segments = jws.split(separator: ".").map(String.init)
        segments[1] = Base64URL.encode(Array(swappedPayload.utf8))
        #expect(await verifier.verify(segments.joined(separator: "."), at: now) == .unverified(.invalidSignature, otherPayload))

        #expect(await verifier.verify(jws, at: now) == .verified(payload))
        #expect(verifier.cachedChainCount == 1)
    }

    @Test("a cached chain is not trusted past its expiry")
    func cacheHonoursExpiry() async throws {
        let payload = SignedTransactionsFixtures.payload()
        let jws = try authority.sign(payload)
        #expect(await verifier.verify(jws, at: now) == .verified(payload))
        let later = authority.leafCertificate.notValidAfter.addingTimeInterval(1)
        guard case .unverified(.invalidCertificateChain, let decoded) = await verifier.verify(jws, at: later) else {
            Issue.record("an expired chain must fail even when cached")
            return
        }
        #expect(decoded == payload)
    }

    @Test("the cache stays bounded")
    func cacheBounded() throws {
        let cache = ValidatedChainCache()
        let entry = ValidatedSigningKey(leafPublicKey: authority.leafCertificate.publicKey, validFrom: now, validUntil: now)
        for index in 0..<(ValidatedChainCache.capacity * 3) {
            cache.insert(entry, for: "\(index)")
        }
        #expect(cache.count == ValidatedChainCache.capacity)
        #expect(cache.key(for: "\(ValidatedChainCache.capacity * 3 - 1)") != nil)
    }

    @Test("concurrent verifications through one shared verifier all succeed")
    func concurrentVerification() async throws {
        let payload = SignedTransactionsFixtures.payload()
        let jws = try authority.sign(payload)
        let verifier = self.verifier
        let now = self.now
        let results = await withTaskGroup(of: TransactionVerificationResult.self) { group in
            for _ in 0..<16 {
                group.addTask { await verifier.verify(jws, at: now) }
            }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 16)
        #expect(results.allSatisfy { $0 == .verified(payload) })
    }
}
