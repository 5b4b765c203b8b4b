import Crypto
import Foundation
import Testing
import X509

@testable import PaymentsCore

/// Deterministic SplitMix64 so key material and serials in tests are reproducible.
struct SignedTransactionsSeededGenerator: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// A generator that only ever yields zero, which no P-256 scalar can come from.
struct SignedTransactionsZeroGenerator: RandomNumberGenerator {
    mutating func next() -> UInt64 { 0 }
}

/// A fresh, uniquely named directory under the system temporary directory, removed by `remove()`.
struct SignedTransactionsTemporaryDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-jws-tests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    var signingFolder: URL {
        url.appendingPathComponent(SigningParty.appStore.folderName, isDirectory: true)
    }

    func signingFile(_ name: String) -> URL {
        signingFolder.appendingPathComponent(name, isDirectory: false)
    }
}

enum SignedTransactionsFixtures {
    /// 2026-11-21T12:00:00Z, a fixed "now" so nothing depends on the wall clock.
    static let now = Date(timeIntervalSince1970: 1_795_262_400)
    static let day: TimeInterval = 86_400

    static func authority(
        in directory: SignedTransactionsTemporaryDirectory,
        now: Date = now,
        seed: UInt64 = 1
    ) throws -> TransactionSigningAuthority {
        var generator = SignedTransactionsSeededGenerator(seed: seed)
        return try TransactionSigningAuthority.loadOrCreate(.appStore, dataDirectory: directory.url, now: now, using: &generator)
    }

    static func payload(signedDate: Date = now) -> TransactionPayload {
        TransactionPayload(
            transactionId: "2000000123456789",
            originalTransactionId: "2000000123456000",
            webOrderLineItemId: "1000000000000042",
            bundleId: "dev.kiosk.demo",
            productId: "dev.kiosk.demo.pro.monthly",
            subscriptionGroupIdentifier: "21345678",
            purchaseDate: signedDate.addingTimeInterval(-60.1234),
            originalPurchaseDate: signedDate.addingTimeInterval(-30 * day),
            expiresDate: signedDate.addingTimeInterval(30 * day),
            offerType: .introductory,
            offerIdentifier: "intro-week",
            offerDiscountType: .freeTrial,
            offerPeriod: "P1W",
            isUpgraded: true,
            transactionReason: .renewal,
            appTransactionId: "acct_000007",
            environment: .localTesting,
            storefront: "USA",
            storefrontId: "143441",
            price: 499,
            currency: "USD",
            appAccountToken: UUID(uuidString: "7E3FB20B-4CDB-47CC-936D-99D65F608138"),
            type: .autoRenewableSubscription,
            quantity: 1,
            signedDate: signedDate
        )
    }

    /// The leaf (or intermediate) private key as stored, for crafting tokens the authority would never sign.
    static func storedKey(_ file: String, in directory: SignedTransactionsTemporaryDirectory) throws -> P256.Signing.PrivateKey {
        let text = try String(contentsOf: directory.signingFile(file), encoding: .utf8)
        let block = try #require(try PEMBlocks(parsing: text).single("PRIVATE KEY"))
        return try P256.Signing.PrivateKey(pemRepresentation: block.text)
    }

    static func x5c(_ certificates: [Certificate]) throws -> [String] {
        try certificates.map { Data(try $0.serializeAsPEM().derBytes).base64EncodedString() }
    }

    /// Builds and signs a compact JWS from arbitrary header and payload JSON with `key`, bypassing the
    /// authority's own checks, so each verification failure can be provoked in isolation. The signature is
    /// in low-S form, as the verifier demands, so only the failure under test is provoked.
    static func compactJWS(headerJSON: String, payloadJSON: String, key: P256.Signing.PrivateKey) throws -> String {
        let signingInput = Base64URL.encode(Array(headerJSON.utf8)) + "." + Base64URL.encode(Array(payloadJSON.utf8))
        let signature = try key.signature(for: Data(signingInput.utf8))
        return signingInput + "." + Base64URL.encode(LowSSignature.normalized(Array(signature.rawRepresentation)))
    }

    static func headerJSON(alg: String, x5c: [String]) throws -> String {
        let object: [String: Any] = ["alg": alg, "x5c": x5c]
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])
        return String(decoding: data, as: UTF8.self)
    }

    static func payloadJSON(_ payload: TransactionPayload) throws -> String {
        String(decoding: try TransactionJSONCoding.makeEncoder().encode(payload), as: UTF8.self)
    }
}
