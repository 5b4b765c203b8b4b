import Foundation
import PaymentsCore
import Testing

/// Runs the built `kiosk` binary, which `swift test` places next to the test bundle in `.build/<config>`.
enum SignedTransactionsCLI {
    typealias Outcome = KioskProcess.Outcome

    /// Runs with a controlled environment so the developer's own `KIOSK_DATA_DIR` or home never leaks in.
    static func run(_ arguments: [String], environment: [String: String]) throws -> Outcome {
        try KioskProcess.run(arguments, environment: environment, inheritEnvironment: false)
    }
}

/// A scratch data directory with a home beside it, removed by `remove()`.
struct SignedTransactionsCLISandbox {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-receipt-cli-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(at: dataDirectory, withIntermediateDirectories: true)
    }

    var dataDirectory: URL { root.appendingPathComponent("data", isDirectory: true) }
    var home: URL { root.appendingPathComponent("home", isDirectory: true) }

    /// Environment with no Kiosk or XDG variables and an empty home.
    var environment: [String: String] {
        ["HOME": home.path, "PATH": "/usr/bin:/bin"]
    }

    func remove() {
        try? FileManager.default.removeItem(at: root)
    }

    func write(_ text: String, named name: String) throws -> URL {
        let url = root.appendingPathComponent(name)
        try Data(text.utf8).write(to: url)
        return url
    }

    /// Issued at the real current time, because the binary under test verifies at the real current time.
    func signingAuthority(in directory: URL? = nil, seed: UInt64 = 1) throws -> TransactionSigningAuthority {
        var generator = SignedTransactionsCLISeededGenerator(seed: seed)
        return try TransactionSigningAuthority.loadOrCreate(
            .appStore, dataDirectory: directory ?? dataDirectory,
            now: Date(),
            using: &generator
        )
    }

    static func payload() -> TransactionPayload {
        TransactionPayload(
            transactionId: "2000000000000042",
            originalTransactionId: "2000000000000042",
            bundleId: "dev.kiosk.demo",
            productId: "dev.kiosk.demo.lifetime",
            purchaseDate: Date(timeIntervalSince1970: 1_767_225_600.25),
            originalPurchaseDate: Date(timeIntervalSince1970: 1_767_225_600.25),
            environment: .localTesting,
            storefront: "GBR",
            storefrontId: "143444",
            price: 1_999,
            currency: "GBP",
            type: .nonConsumable,
            quantity: 1,
            signedDate: Date(timeIntervalSince1970: 1_767_225_601)
        )
    }
}

/// Deterministic SplitMix64 for key material in CLI tests.
struct SignedTransactionsCLISeededGenerator: RandomNumberGenerator {
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
