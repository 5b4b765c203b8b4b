import Crypto
import Foundation
import Testing
import X509

@testable import PaymentsCore

@Suite("Apple's signed-transaction format")
struct AppleFormatTests {
    @Test("the leaf and the intermediate carry the marker extensions Apple's verifier requires")
    func markerExtensions() throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        let authority = try SignedTransactionsFixtures.authority(in: directory)
        let leafMarker = authority.leafCertificate.extensions.first { $0.oid == AppleMarkerExtension.leafOID }
        let intermediateMarker = authority.intermediateCertificate.extensions.first {
            $0.oid == AppleMarkerExtension.intermediateOID
        }
        #expect(leafMarker?.critical == false && leafMarker.map { Array($0.value) } == [0x05, 0x00])
        #expect(intermediateMarker?.critical == false)
        #expect(!authority.rootCertificate.extensions.contains { $0.oid == AppleMarkerExtension.leafOID })
        #expect(!authority.leafCertificate.extensions.contains { $0.oid == AppleMarkerExtension.intermediateOID })
    }

    @Test("every signature the authority makes has a low S")
    func signsLowS() throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        let authority = try SignedTransactionsFixtures.authority(in: directory)
        for index in 0..<40 {
            var payload = SignedTransactionsFixtures.payload()
            payload.transactionId = String(index)
            let jws = try authority.sign(payload)
            let signature = try Base64URL.decode(Array(jws.split(separator: ".")[2].utf8)[...])
            #expect(LowSSignature.isLowS(signature), "signature \(index) has a high S")
        }
    }

    @Test("the high-S twin of a valid signature is rejected, though it is mathematically valid")
    func highSRejected() async throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        let authority = try SignedTransactionsFixtures.authority(in: directory)
        let verifier = TransactionVerifier(trustedRoot: authority.rootCertificate)
        let jws = try authority.sign(SignedTransactionsFixtures.payload())
        let parts = jws.split(separator: ".").map(String.init)
        let signature = try Base64URL.decode(Array(parts[2].utf8)[...])
        let twin = Array(signature[..<32]) + LowSSignature.complement(Array(signature[32...]))
        #expect(twin != signature)

        // The twin is a valid ECDSA signature, so only the low-S rule can refuse it.
        let key = try #require(P256.Signing.PublicKey(authority.leafCertificate.publicKey))
        let twinSignature = try P256.Signing.ECDSASignature(rawRepresentation: twin)
        #expect(key.isValidSignature(twinSignature, for: Data((parts[0] + "." + parts[1]).utf8)))

        let forged = parts[0] + "." + parts[1] + "." + Base64URL.encode(twin)
        guard case .verified = await verifier.verify(jws, at: SignedTransactionsFixtures.now) else {
            Issue.record("the original low-S token must verify")
            return
        }
        guard case let .unverified(failure, _) = await verifier.verify(forged, at: SignedTransactionsFixtures.now) else {
            Issue.record("the high-S twin verified")
            return
        }
        #expect(failure == .invalidSignature)
    }

    @Test("normalising flips only a high S, and twice gives the same signature")
    func normalisation() {
        let r = [UInt8](repeating: 0x11, count: 32)
        let lowS = [UInt8](repeating: 0, count: 31) + [1]
        #expect(LowSSignature.normalized(r + lowS) == r + lowS)
        let highS = LowSSignature.complement(lowS)
        #expect(highS == Array(LowSSignature.order.dropLast()) + [0x50])
        #expect(!LowSSignature.isLowS(r + highS))
        #expect(LowSSignature.normalized(r + highS) == r + lowS)
        #expect(LowSSignature.isLowS(r + LowSSignature.halfOrder))
        #expect(!LowSSignature.isLowS(r + LowSSignature.complement(LowSSignature.halfOrder)))
    }

    @Test("the verifier accepts what Apple's format allows: Production, win-back offers, no optional fields")
    func acceptsAppleFormat() async throws {
        let directory = try SignedTransactionsTemporaryDirectory()
        defer { directory.remove() }
        let authority = try SignedTransactionsFixtures.authority(in: directory)
        let verifier = TransactionVerifier(trustedRoot: authority.rootCertificate)
        var production = SignedTransactionsFixtures.payload()
        production.environment = .production
        production.offerType = .winBack
        production.offerDiscountType = .payAsYouGo
        let bare = TransactionPayload(
            transactionId: "1", originalTransactionId: "1", bundleId: "dev.kiosk.store", productId: "points.500",
            purchaseDate: SignedTransactionsFixtures.now, originalPurchaseDate: SignedTransactionsFixtures.now,
            environment: .sandbox, storefront: "USA", storefrontId: "143441", price: 4990, currency: "USD",
            type: .consumable, quantity: 1, signedDate: SignedTransactionsFixtures.now)
        for payload in [production, bare] {
            let result = await verifier.verify(try authority.sign(payload), at: SignedTransactionsFixtures.now)
            guard case let .verified(decoded) = result else {
                Issue.record("refused: \(result)")
                continue
            }
            #expect(decoded == payload)
        }
        let wire = try SignedTransactionsFixtures.payloadJSON(production)
        #expect(wire.contains("\"environment\":\"Production\"") && wire.contains("\"offerType\":4"))
    }

    @Test("prices become Apple's milliunits exactly, whatever the currency's minor unit")
    func milliunits() throws {
        func money(_ minor: Int64, _ code: String) throws -> Money {
            Money(minorUnits: minor, currency: try #require(Currency(code: code)))
        }
        #expect(try money(999, "USD").milliunits == 9990)
        #expect(try money(1500, "JPY").milliunits == 1_500_000)
        #expect(try money(1234, "BHD").milliunits == 1234)
        #expect(try money(-499, "EUR").milliunits == -4990)
        #expect(throws: MoneyError.overflow) { try money(Int64.max / 5, "USD").milliunits }
    }
}
