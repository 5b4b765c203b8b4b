import Benchmark
import PaymentsCore

/// The billing-history screen's reads: the newest page of 50 invoices and one page-down, for an
/// account with 100,000 invoices beside one with 100. Budget: <= 1.5x the small history's time,
/// and memory flat (allocated bytes per fetch the same at both sizes).
///
/// The history is grown through the public API: one subscription renewing hourly and a single
/// test-clock advance, so every invoice is a real renewal written by the engine.
enum BillingHistoryBenchmarks {
    static let pageSize = 50

    static func register(invoices: Int, label: String) {
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal, .mallocBytesCount, .peakMemoryResidentDelta],
            maxDuration: .seconds(5), maxIterations: 5_000)
        let history = FixtureCache { try await prepare(invoices: invoices) }
        Benchmark("Billing history: page + page-down, \(label) invoices", configuration: configuration,
                  closure: { benchmark async throws in try await fetchPages(benchmark, history) },
                  teardown: { await history.take()?.store.remove() })
    }

    private static func fetchPages(_ benchmark: Benchmark,
                               _ history: FixtureCache<(store: BenchmarkStore, prepared: String)>) async throws {
        let (store, accountID) = try await history.get()
        let service = store.service
        benchmark.startMeasurement()
        let first = try await service.invoices(accountID: accountID, query: InvoiceQuery(limit: pageSize))
        let next = try await service.invoices(accountID: accountID,
                                              query: InvoiceQuery(cursor: first.nextCursor, limit: pageSize))
        benchmark.stopMeasurement()
        guard first.items.count == pageSize, next.items.count == pageSize else {
            throw BenchmarkSetupError.unexpectedHistory("pages of \(first.items.count) and \(next.items.count)")
        }
        blackHole(next)
    }

    /// One account whose hourly subscription has renewed `invoices - 1` times.
    static func prepare(invoices: Int) async throws -> (store: BenchmarkStore, prepared: String) {
        try await BenchmarkStore.make { service in
            let clock = try await service.createTestClock(name: "history", frozenAt: BenchmarkCatalog.start)
            let account = try await BenchmarkStore.account("historian", on: clock.id, in: service)
            try await BenchmarkStore.buy(BenchmarkCatalog.hourly, for: account.id, in: service)
            let end = try ISODuration(hours: invoices - 1).advance(BenchmarkCatalog.start)
            let report = try await service.advanceTestClock(clock.id, to: end)
            guard report.renewals == invoices - 1 else {
                throw BenchmarkSetupError.unexpectedHistory("\(report.renewals) renewals, wanted \(invoices - 1)")
            }
            return account.id
        }
    }
}
