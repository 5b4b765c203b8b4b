import Benchmark
import Foundation

/// Issue 14's baselines on PostgreSQL: durable purchases' rows per second through PostgresNIO,
/// one writer and two at once (two server instances), and the same rows through a synchronous
/// bridge (what keeping Kiosk's rules synchronous over PostgresNIO would cost). Registered only
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

    static func register(url: String) {
        let writer = FixtureCache {
            let rows = try await CapturedRowsWriter.ofPurchase(named: "postgres-baseline", keyed: true)
            do {
                return try await PostgresRowsWriter.make(url: url, rows: rows, connections: 2)
            } catch {
                // Run straight from the binary, the harness reports a failed benchmark nowhere.
                FileHandle.standardError.write(Data("PostgreSQL baseline could not be set up: \(String(reflecting: error))\n".utf8))
                throw error
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
    }
}
