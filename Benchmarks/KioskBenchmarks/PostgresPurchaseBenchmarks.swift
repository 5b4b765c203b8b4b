import Benchmark
import Foundation

/// Issue 14 on PostgreSQL: the store's own keyed purchase (`PostgresStorage`), one instance and
/// two at once, beside its baselines, the same rows through bare PostgresNIO on one connection and
/// two at once (two server instances), and through a synchronous bridge (what keeping Kiosk's
/// rules synchronous over PostgresNIO would have cost). Registered only
/// with `KIOSK_BENCH_POSTGRES_URL` naming a server whose cluster runs with fsync on
/// (`KIOSK_POSTGRES_FSYNC=on bash .ci/postgres.sh start`); each run gets its own database.
///
/// An iteration is 8 purchases: one after another on one connection, or 4 on each of two
/// connections at once; so the two-instance speed-up is the ratio of the two times.
enum PostgresPurchaseBenchmarks {
    static let purchasesPerIteration = 8

    static var configuration: Benchmark.Configuration {
        Benchmark.Configuration(metrics: [.wallClock, .throughput], maxDuration: .seconds(5), maxIterations: 500)
    }

    /// Run straight from the binary, the harness reports a failed benchmark nowhere: say why here.
    private static func reportingFailure<T>(of what: String, _ setUp: () async throws -> T) async throws -> T {
        do {
            return try await setUp()
        } catch {
            FileHandle.standardError.write(Data("\(what) could not be set up: \(String(reflecting: error))\n".utf8))
            throw error
        }
    }

    static func register(url: String) {
        let writer = FixtureCache {
            let rows = try await CapturedRowsWriter.ofPurchase(named: "postgres-baseline", keyed: true)
            return try await reportingFailure(of: "PostgreSQL baseline") {
                try await PostgresRowsWriter.make(url: url, rows: rows, connections: 2)
            }
        }
        Benchmark("PostgreSQL purchase rows: bare PostgresNIO, 8 purchases on one connection", configuration: configuration,
                  closure: { benchmark async throws in
                      let writer = try await writer.get()
                      benchmark.startMeasurement()
                      for _ in 0..<purchasesPerIteration { try await writer.commitOne(on: 0) }
                  })
        Benchmark("PostgreSQL purchase rows: bare PostgresNIO, 8 purchases on two connections at once",
                  configuration: configuration,
                  closure: { benchmark async throws in
                      let writer = try await writer.get()
                      benchmark.startMeasurement()
                      try await withThrowingTaskGroup(of: Void.self) { group in
                          for connection in 0..<2 {
                              group.addTask {
                                  for _ in 0..<(purchasesPerIteration / 2) { try await writer.commitOne(on: connection) }
                              }
                          }
                          try await group.waitForAll()
                      }
                  })
        Benchmark("PostgreSQL purchase rows: synchronous bridge, 8 purchases on one connection", configuration: configuration,
                  closure: { benchmark async throws in
                      let writer = try await writer.get()
                      benchmark.startMeasurement()
                      for _ in 0..<purchasesPerIteration { try await writer.commitOneBridged(on: 0) }
                  },
                  teardown: { await writer.take()?.remove() })

        let store = FixtureCache {
            try await reportingFailure(of: "PostgreSQL store") { try await PostgresStorePurchases.make(url: url) }
        }
        Benchmark("PostgreSQL purchase: the store's keyed purchase, 8 on one instance", configuration: configuration,
                  closure: { benchmark async throws in
                      let store = try await store.get()
                      benchmark.startMeasurement()
                      for _ in 0..<purchasesPerIteration { try await store.buy(on: 0) }
                  })
        Benchmark("PostgreSQL purchase: the store's keyed purchase, 8 on two instances at once", configuration: configuration,
                  closure: { benchmark async throws in
                      let store = try await store.get()
                      benchmark.startMeasurement()
                      try await withThrowingTaskGroup(of: Void.self) { group in
                          for instance in 0..<2 {
                              group.addTask { for _ in 0..<(purchasesPerIteration / 2) { try await store.buy(on: instance) } }
                          }
                          try await group.waitForAll()
                      }
                  },
                  teardown: { await store.take()?.remove() })
    }
}
