import Foundation
import KioskPostgres
import KioskPostgresStore
import PaymentsCore
import PostgresNIO
import Simulators

/// The store's own keyed purchase on PostgreSQL: two services (two server instances) over one
/// new database migrated by Kiosk's migrator, each with its own buyer on a test clock, as the
/// storefront buys (a new idempotency key every time).
final class PostgresStorePurchases: Sendable {
    let instances: [LocalPaymentsService]
    let buyers: [String]
    private let admin: PostgresLocation
    private let database: String
    private let directory: DataDirectory
    private let keys = KeyCounter()

    private init(instances: [LocalPaymentsService], buyers: [String], admin: PostgresLocation, database: String,
                 directory: DataDirectory) {
        self.instances = instances
        self.buyers = buyers
        self.admin = admin
        self.database = database
        self.directory = directory
    }

    static func make(url: String) async throws -> PostgresStorePurchases {
        let admin = try PostgresLocation(url: url)
        let name = "kiosk_bench_store_\(UUID().uuidString.prefix(8).lowercased())"
        try await PostgresConnector.withConnection(to: admin.with(database: "postgres"), doing: "create the benchmark database") {
            try await $0.query(PostgresQuery(unsafeSQL: "CREATE DATABASE \(name)"), logger: PostgresConnector.silentLogger)
        }
        let location = admin.with(database: name)
        _ = try await PostgresMigrator(location: location).migrate()
        let directory = DataDirectory(url: FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-bench-pg-\(UUID().uuidString)"))
        let clock = ManualClock(BenchmarkCatalog.start)
        let cards = try SimulatedCardProcessor(directory: directory)
        var instances: [LocalPaymentsService] = []
        for _ in 0..<2 {
            instances.append(try await LocalPaymentsService(storage: PostgresStorage(location: location, connections: 2),
                                                            keysIn: directory, catalog: BenchmarkCatalog.catalog, clock: clock,
                                                            cardProcessor: cards))
        }
        let testClock = try await instances[0].createTestClock(name: "purchases", frozenAt: BenchmarkCatalog.start)
        var buyers: [String] = []
        for index in 0..<2 {
            buyers.append(try await BenchmarkStore.account("buyer\(index)", on: testClock.id, in: instances[0]).id)
        }
        return PostgresStorePurchases(instances: instances, buyers: buyers, admin: admin, database: name, directory: directory)
    }

    /// One keyed purchase by instance `index`'s buyer, through that instance.
    func buy(on index: Int) async throws {
        try await BenchmarkStore.buy(BenchmarkCatalog.points, for: buyers[index], in: instances[index],
                                     idempotencyKey: "bench-\(keys.next())")
    }

    func remove() async {
        _ = try? await PostgresConnector.withConnection(to: admin.with(database: "postgres"), doing: "drop the benchmark database") {
            try await $0.query(PostgresQuery(unsafeSQL: "DROP DATABASE IF EXISTS \(database) WITH (FORCE)"),
                               logger: PostgresConnector.silentLogger)
        }
        try? FileManager.default.removeItem(at: directory.url)
    }
}
