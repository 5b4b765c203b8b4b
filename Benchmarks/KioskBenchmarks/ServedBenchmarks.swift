import AsyncHTTPClient
import Benchmark
import Foundation
import NIOCore
import NIOHTTP1

/// The customer API as clients reach it: `kiosk serve` over loopback, HTTP/1.1 keep-alive, four
/// connections, each iteration one request on every connection at once. Beside each, a bare
/// Hummingbird route on the same machine doing the same work as plainly as possible (the rows a
/// keyed purchase inserts; the same customer-info bytes). Budget: >= 50% of each baseline.
enum ServedBenchmarks {
    static var configuration: Benchmark.Configuration {
        Benchmark.Configuration(metrics: [.wallClock, .throughput], maxDuration: .seconds(5), maxIterations: 1_000)
    }

    static func register() {
        let servers = FixtureCache { try await ServedStore.start() }
        Benchmark("Served purchase: POST /v1/purchases with an idempotency key, 4 connections",
                  configuration: configuration,
                  closure: { benchmark async throws in
                      let servers = try await servers.get()
                      benchmark.startMeasurement()
                      try await servers.onEveryConnection { try await servers.purchase() }
                  })
        Benchmark("Served purchase: baseline bare Hummingbird route inserting the same rows, 4 connections",
                  configuration: configuration,
                  closure: { benchmark async throws in
                      let servers = try await servers.get()
                      benchmark.startMeasurement()
                      try await servers.onEveryConnection { try await servers.barePurchase() }
                  })
        Benchmark("Served read: GET /v1/customer, 4 connections", configuration: configuration,
                  closure: { benchmark async throws in
                      let servers = try await servers.get()
                      benchmark.startMeasurement()
                      try await servers.onEveryConnection { try await servers.customerInfo() }
                  })
        Benchmark("Served read: baseline bare Hummingbird route returning the same bytes, 4 connections",
                  configuration: configuration,
                  closure: { benchmark async throws in
                      let servers = try await servers.get()
                      benchmark.startMeasurement()
                      try await servers.onEveryConnection { try await servers.bareCustomerInfo() }
                  },
                  teardown: { await servers.take()?.stop() })
    }
}
