import Foundation
import Benchmark

/// The live feed at a booth's scale: 1,000 clients following the change feed on `kiosk serve`
/// (its own process), one purchase per iteration, timed from the purchase request until the
/// slowest of the buyer's terminals has read the purchase's last event. Budget: within 1 s (the
/// maximum, not the median) and the server's resident size under 200 MB.
enum FeedFanOutBenchmarks {
    static let serverResident = BenchmarkMetric.custom("kiosk serve resident size (MB)", useScalingFactor: false)
    static let serverPeak = BenchmarkMetric.custom("kiosk serve peak resident size (MB)", useScalingFactor: false)

    static func register() {
        register("Feed fan-out: one purchase reaching 1,000 SSE clients of the buyer on kiosk serve", customers: 1)
        register("Feed fan-out: one purchase among 1,000 SSE clients of 1,000 customers on kiosk serve", customers: 1_000)
    }

    private static func register(_ name: String, customers: Int) {
        let fixture = FixtureCache { try await FeedFanOut.start(customers: customers) }
        Benchmark(name,
                  configuration: .init(metrics: [.wallClock, serverResident, serverPeak],
                                       maxDuration: .seconds(30), maxIterations: 50),
                  closure: { benchmark async throws in
                      // Run outside the plugin, the runner reports a failure nowhere: say it here.
                      do {
                          let fanOut = try await fixture.get()
                          benchmark.startMeasurement()
                          try await fanOut.purchaseReachingEveryListener()
                          benchmark.stopMeasurement()
                          let resident = try fanOut.server.residentBytes()
                          benchmark.measurement(serverResident, resident.now >> 20)
                          benchmark.measurement(serverPeak, resident.peak >> 20)
                      } catch {
                          FileHandle.standardError.write(Data("\(name): \(error)\n".utf8))
                          throw error
                      }
                  },
                  teardown: { await fixture.take()?.stop() })
    }
}
