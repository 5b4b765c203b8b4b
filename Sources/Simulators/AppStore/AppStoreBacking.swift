import Foundation
import PaymentsCore

/// What the App Store runs on, handed over by the wiring: the store's database, where its own
/// tables sit beside the merchant's (so every server of a shared store is one sandbox and a
/// snapshot keeps both sides together; docs/design/app-store-split.md §7), its signing chain,
/// the products it sells (the catalog, as App Store Connect has them), the clock and randomness.
public struct AppStoreBacking: Sendable {
    public let storage: any PaymentsStorage
    /// Its signing chain, read when it first signs (opening the sandbox reads no key file).
    private let signingChain: @Sendable () throws -> TransactionSigningAuthority
    public let catalog: Catalog
    public let clock: any KioskClock
    public let random: RandomSource

    public init(storage: any PaymentsStorage, signing: TransactionSigningAuthority, catalog: Catalog, clock: any KioskClock,
                random: RandomSource) {
        self.init(storage: storage, signing: { signing }, catalog: catalog, clock: clock, random: random)
    }

    public init(storage: any PaymentsStorage, signing: @escaping @Sendable () throws -> TransactionSigningAuthority,
                catalog: Catalog, clock: any KioskClock, random: RandomSource) {
        self.storage = storage
        self.signingChain = signing
        self.catalog = catalog
        self.clock = clock
        self.random = random
    }

    public var signing: TransactionSigningAuthority {
        get throws { try signingChain() }
    }

    /// A write of the App Store's own records, in one transaction of the store's database.
    func writeRecords<T: Sendable>(_ body: @escaping @Sendable (AppStoreRecords) async throws -> T) async throws -> T {
        try await storage.write { try await body(AppStoreRecords($0)) }
    }

    func readRecords<T: Sendable>(_ body: @escaping @Sendable (AppStoreRecords) async throws -> T) async throws -> T {
        try await storage.read { try await body(AppStoreRecords($0)) }
    }
}
