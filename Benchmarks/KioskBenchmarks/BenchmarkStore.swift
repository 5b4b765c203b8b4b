import Foundation
import GRDB
import PaymentsCore
import Simulators

/// A store in a fresh temporary data directory, prepared through the public service API.
///
/// Preparation (accounts, cards, purchases, long histories) runs on a connection with
/// `synchronous = OFF`, because only the measured work should pay for fsync. The store that is
/// measured is then reopened the way Kiosk opens it (`StoreDatabase`: WAL, `synchronous = FULL`).
struct BenchmarkStore: Sendable {
    let service: LocalPaymentsService
    let directory: DataDirectory

    /// Returns the store and what `prepare` returned (typically the ids the benchmark needs).
    static func make<Prepared: Sendable>(
        prepare: (LocalPaymentsService) async throws -> Prepared
    ) async throws -> (store: BenchmarkStore, prepared: Prepared) {
        let directory = DataDirectory(url: FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-bench-\(UUID().uuidString)"))
        try StoreDatabase.open(directory).close()
        let clock = ManualClock(BenchmarkCatalog.start)
        var random = SystemRandomNumberGenerator()
        let chains = try SigningChains.loadOrCreate(dataDirectory: directory.url, now: clock.now, using: &random)
        let preparationPool = try DatabasePool(path: directory.databaseURL.path, configuration: fastConfiguration)
        let cards = try SimulatedCardProcessor(directory: directory)
        let prepared = try await prepare(LocalPaymentsService(
            storage: SQLiteStorage(preparationPool), catalog: BenchmarkCatalog.catalog, clock: clock, signingChains: chains, cardProcessor: cards))
        try preparationPool.close()
        let service = try LocalPaymentsService(directory: directory, catalog: BenchmarkCatalog.catalog, clock: clock,
                                               cardProcessor: cards)
        return (BenchmarkStore(service: service, directory: directory), prepared)
    }

    /// Deletes the data directory; histories of 100,000 invoices take hundreds of megabytes.
    func remove() {
        try? FileManager.default.removeItem(at: directory.url)
    }

    private static var fastConfiguration: Configuration {
        var configuration = Configuration()
        configuration.prepareDatabase { db in
            try db.execute(sql: "PRAGMA synchronous = OFF")
            try db.execute(sql: "PRAGMA foreign_keys = ON")
        }
        return configuration
    }

    /// An account on a new test clock frozen at the catalog's start, with a card that succeeds.
    static func account(_ name: String, on clockID: String, in service: LocalPaymentsService) async throws -> Account {
        let account = try await service.createAccount(NewAccount(
            email: "\(name)@bench.kiosk.test", name: name, testClockID: clockID))
        _ = try await service.addPaymentMethod(accountID: account.id, NewPaymentMethod(
            token: "tok_\(name)", brand: "visa", last4: "4242", expMonth: 12, expYear: 2099))
        return account
    }

    /// Buys `productID` and fails unless the purchase went through.
    static func buy(_ productID: String, for accountID: String, in service: LocalPaymentsService,
                    idempotencyKey: String? = nil) async throws {
        let outcome = try await service.purchase(PurchaseRequest(accountID: accountID, productID: productID,
                                                                 idempotencyKey: idempotencyKey))
        guard case .purchased = outcome else { throw BenchmarkSetupError.purchaseNotCompleted("\(outcome)") }
    }
}
