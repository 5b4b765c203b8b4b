import Benchmark
import Foundation
import PaymentsCore

/// Purchases committed per second, one writer, each purchase its own durable transaction,
/// beside bare inserts of the same rows with the same durability. Budget: >= 50% of the baseline.
/// The storefront's path (with an idempotency key) is the budget's; the keyless purchase is kept
/// so earlier runs can be compared.
enum DurablePurchaseBenchmarks {
    static var configuration: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput], maxDuration: .seconds(5), maxIterations: 2_000)
    }

    static func register() {
        let store = FixtureCache {
            try await BenchmarkStore.make { service in
                let clock = try await service.createTestClock(name: "purchases", frozenAt: BenchmarkCatalog.start)
                return try await BenchmarkStore.account("buyer", on: clock.id, in: service).id
            }
        }
        Benchmark("Durable purchase: LocalPaymentsService.purchase", configuration: configuration,
                  closure: { benchmark async throws in
                      let (store, accountID) = try await store.get()
                      benchmark.startMeasurement()
                      try await BenchmarkStore.buy(BenchmarkCatalog.points, for: accountID, in: store.service)
                  },
                  teardown: { await store.take()?.store.remove() })

        // The storefront always sends an idempotency key (a retry must not charge twice), so its
        // purchase also writes the key's row with the answer; the key is new for every purchase.
        let keyed = FixtureCache {
            try await BenchmarkStore.make { service in
                let clock = try await service.createTestClock(name: "keyed", frozenAt: BenchmarkCatalog.start)
                return try await BenchmarkStore.account("keyed", on: clock.id, in: service).id
            }
        }
        let keyCounter = KeyCounter()
        Benchmark("Durable purchase: storefront path, with an idempotency key", configuration: configuration,
                  closure: { benchmark async throws in
                      let (store, accountID) = try await keyed.get()
                      let key = "bench-\(keyCounter.next())"
                      benchmark.startMeasurement()
                      try await BenchmarkStore.buy(BenchmarkCatalog.points, for: accountID, in: store.service,
                                                   idempotencyKey: key)
                  },
                  teardown: { await keyed.take()?.store.remove() })
        let keyedRows = FixtureCache { try await CapturedRowsWriter.ofPurchase(named: "keyed-baseline", keyed: true) }
        Benchmark("Durable purchase: baseline bare GRDB sync, the rows a keyed purchase inserts", configuration: configuration,
                  closure: { benchmark async throws in
                      let writer = try await keyedRows.get()
                      benchmark.startMeasurement()
                      try writer.commitOne()
                  },
                  teardown: { await keyedRows.take()?.remove() })

        let sameRows = FixtureCache { try await CapturedRowsWriter.ofPurchase(named: "baseline", keyed: false) }
        // The service is async (every caller awaits it), so the like-for-like baseline awaits GRDB's
        // async write too; the synchronous one shows what the two thread hops of an await cost.
        Benchmark("Durable purchase: baseline bare GRDB async, the rows a purchase inserts", configuration: configuration,
                  closure: { benchmark async throws in
                      let writer = try await sameRows.get()
                      benchmark.startMeasurement()
                      try await writer.commitOneAsync()
                  })
        Benchmark("Durable purchase: baseline bare GRDB sync, the rows a purchase inserts", configuration: configuration,
                  closure: { benchmark async throws in
                      let writer = try await sameRows.get()
                      benchmark.startMeasurement()
                      try writer.commitOne()
                  },
                  teardown: { await sameRows.take()?.remove() })

        // The first baseline, kept for comparison with earlier runs: only the invoice and its ledger row.
        let bare = FixtureCache { try BareLedgerWriter() }
        Benchmark("Durable purchase: baseline bare GRDB invoice+ledger", configuration: configuration,
                  closure: { benchmark async throws in
                      let writer = try await bare.get()
                      benchmark.startMeasurement()
                      try writer.commitOne()
                  },
                  teardown: { await bare.take()?.remove() })
    }
}
