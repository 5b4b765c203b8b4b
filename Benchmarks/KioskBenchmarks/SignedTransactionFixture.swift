import Crypto
import Foundation
import PaymentsCore
import X509

/// One signed transaction from a fresh signing authority, and the pieces a bare P-256 check needs:
/// the leaf's public key (X9.63), the raw signature and the signing input (`header.payload`).
struct SignedTransactionFixture: Sendable {
    let jws: String
    let verifier: TransactionVerifier
    let now: Date
    let leafKey: Data
    let signature: Data
    let signingInput: Data

    init() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kiosk-bench-jws-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let issued = BenchmarkCatalog.start
        var random = SystemRandomNumberGenerator()
        let authority = try TransactionSigningAuthority.loadOrCreate(.appStore, dataDirectory: directory, now: issued, using: &random)
        now = issued.addingTimeInterval(86_400)
        jws = try authority.sign(TransactionPayload(
            transactionId: "2000000123456789", originalTransactionId: "2000000123456000", bundleId: "dev.kiosk.demo",
            productId: "dev.kiosk.demo.pro.monthly", subscriptionGroupIdentifier: "21345678",
            purchaseDate: issued, originalPurchaseDate: issued, expiresDate: issued.addingTimeInterval(30 * 86_400),
            environment: .localTesting, storefront: "USA", storefrontId: "143441", price: 999, currency: "USD",
            type: .autoRenewableSubscription, quantity: 1, signedDate: issued))
        verifier = TransactionVerifier(trustedRoot: authority.rootCertificate)
        guard let leafKey = P256.Signing.PublicKey(authority.leafCertificate.publicKey) else {
            throw BenchmarkSetupError.invalidFixture("the leaf certificate has no P-256 key")
        }
        self.leafKey = leafKey.x963Representation
        let segments = jws.split(separator: ".", omittingEmptySubsequences: false)
        guard segments.count == 3, let rawSignature = Self.base64URLDecode(segments[2]) else {
            throw BenchmarkSetupError.invalidFixture("not a compact JWS")
        }
        signature = rawSignature
        signingInput = Data("\(segments[0]).\(segments[1])".utf8)
        try? FileManager.default.removeItem(at: directory)
    }

    private static func base64URLDecode(_ text: Substring) -> Data? {
        var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
        return Data(base64Encoded: base64)
    }
}
