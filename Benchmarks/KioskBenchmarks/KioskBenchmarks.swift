import Benchmark
import Foundation

/// Every measurement is registered beside its baseline (the physical limit of the same work)
/// so the suite reports ratios that hold on a noisy machine. `KIOSK_BENCH_FULL=1` adds the
/// renewal engine at its full budgeted size of 10,000 subscriptions; `KIOSK_BENCH_RENEWALS=N`
/// changes the everyday size (200), e.g. to profile a small run; `KIOSK_BENCH_POSTGRES_URL` adds
/// the PostgreSQL baselines.
let benchmarks: @Sendable () -> Void = {
    let environment = ProcessInfo.processInfo.environment
    do {
        DurablePurchaseBenchmarks.register()
        if let url = environment["KIOSK_BENCH_POSTGRES_URL"] { PostgresPurchaseBenchmarks.register(url: url) }
        ServedBenchmarks.register()
        FeedFanOutBenchmarks.register()
        RenewalEngineBenchmarks.register(
            subscriptions: environment["KIOSK_BENCH_RENEWALS"].flatMap { Int($0) } ?? 200, iterations: 3)
        if environment["KIOSK_BENCH_FULL"] == "1" {
            RenewalEngineBenchmarks.register(subscriptions: 10_000, iterations: 1)
        }
        BillingHistoryBenchmarks.register(invoices: 100_000, label: "100,000")
        BillingHistoryBenchmarks.register(invoices: 100, label: "100")
        try RedirectDetectorBenchmarks.register()
        try WebhookVerifyBenchmarks.register()
        try SignedTransactionBenchmarks.register()
        ReducerBenchmarks.register()
        RenderBenchmarks.register()
        BillingScrollBenchmarks.register(invoices: 100_000, label: "100,000")
        BillingScrollBenchmarks.register(invoices: 100, label: "100")
    } catch {
        FileHandle.standardError.write(Data("benchmark fixtures could not be built: \(error)\n".utf8))
    }
}
