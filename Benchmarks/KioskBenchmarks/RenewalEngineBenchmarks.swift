import Benchmark
import Foundation
import PaymentsCore

/// Advances N monthly subscriptions by five years on a test clock (renewals, declined renewals,
/// billing retry, expiries, invoices), beside the same number of bare inserts: the rows one real
/// renewal inserts, once per renewal of the run, in the engine's batch size. Budget (stated for
/// 10,000 subscriptions): >= 25% of the baseline and under 30 s. Every tenth subscription's card
/// starts declining after the first purchase (so nine in ten renew for five years).
enum RenewalEngineBenchmarks {
    static let years = 5
    /// Invoices the two-row baseline writes per subscription: one per monthly period over five years.
    static let invoicesPerSubscription = 12 * years

    /// Renewals in the measured run: nine subscriptions in ten renew every month for five years.
    static func renewals(subscriptions: Int) -> Int { subscriptions * 9 / 10 * invoicesPerSubscription }
    /// `LocalPaymentsService.advanceBatch`: lifecycle steps per transaction.
    static let engineBatch = 2_000

    static func register(subscriptions: Int, iterations: Int) {
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .throughput], warmupIterations: 0, maxDuration: .seconds(600),
            maxIterations: iterations)
        Benchmark("Renewal engine: advance \(subscriptions) subscriptions 5 years",
                  configuration: configuration) { benchmark async throws in
            let (store, clockID) = try await prepare(subscriptions: subscriptions)
            let end = try ISODuration(years: years).advance(BenchmarkCatalog.start)
            benchmark.startMeasurement()
            let report = try await store.service.advanceTestClock(clockID, to: end)
            benchmark.stopMeasurement()
            guard report.renewals > 0, report.failedRenewals > 0 else {
                throw BenchmarkSetupError.unexpectedHistory("\(report)")
            }
            FileHandle.standardError.write(Data("""
                renewal engine, \(subscriptions) subscriptions: \(report.renewals) renewals, \
                \(report.failedRenewals) failed renewals, \(report.recoveries) recoveries, \
                \(report.expirations) expirations\n
                """.utf8))
            store.remove()
        }
        Benchmark("Renewal engine: baseline bare GRDB, the rows of \(renewals(subscriptions: subscriptions)) renewals",
                  configuration: configuration) { benchmark async throws in
            let writer = try await captureOneRenewal()
            benchmark.startMeasurement()
            try writer.commit(count: renewals(subscriptions: subscriptions), batch: engineBatch)
            benchmark.stopMeasurement()
            writer.remove()
        }
        // The first baseline, kept for comparison with earlier runs: an invoice and a ledger row per period.
        Benchmark("Renewal engine: baseline \(subscriptions * invoicesPerSubscription) bare invoice+ledger pairs",
                  configuration: configuration) { benchmark async throws in
            let writer = try BareLedgerWriter()
            benchmark.startMeasurement()
            try writer.commit(count: subscriptions * invoicesPerSubscription, batch: engineBatch)
            benchmark.stopMeasurement()
            writer.remove()
        }
    }

    /// The rows one monthly renewal inserts, captured from a real one (the second renewal of a
    /// subscription, so nothing in it is a first).
    private static func captureOneRenewal() async throws -> CapturedRowsWriter {
        let (store, clockID) = try await prepare(subscriptions: 1)
        _ = try await store.service.advanceTestClock(clockID, to: ISODuration(months: 1).advance(BenchmarkCatalog.start))
        let writer = try await CapturedRowsWriter.capture(in: store) {
            let report = try await store.service.advanceTestClock(
                clockID, to: ISODuration(months: 2).advance(BenchmarkCatalog.start))
            guard report.renewals == 1 else { throw BenchmarkSetupError.unexpectedHistory("\(report)") }
        }
        FileHandle.standardError.write(Data("baseline rows per renewal: \(writer.summary)\n".utf8))
        return writer
    }

    /// A store with `subscriptions` accounts on one test clock, each subscribed monthly.
    private static func prepare(subscriptions: Int) async throws -> (BenchmarkStore, String) {
        try await BenchmarkStore.make { service in
            let clock = try await service.createTestClock(name: "renewals", frozenAt: BenchmarkCatalog.start)
            for index in 0..<subscriptions {
                let account = try await BenchmarkStore.account("renewer\(index)", on: clock.id, in: service)
                try await BenchmarkStore.buy(BenchmarkCatalog.monthly, for: account.id, in: service)
                if index % 10 == 9 { try await switchToDecliningCard(account.id, service) }
            }
            return clock.id
        }
    }

    /// Renewals fall back to the default card when the subscription's card is removed.
    private static func switchToDecliningCard(_ accountID: String, _ service: LocalPaymentsService) async throws {
        let original = try await service.paymentMethods(accountID: accountID)
        _ = try await service.addPaymentMethod(accountID: accountID, NewPaymentMethod(
            token: "tok_decline_\(accountID)", brand: "visa", last4: "0002", expMonth: 12, expYear: 2099,
            behaviour: .declines(DeclineReason(code: "insufficient_funds", message: "Your card has insufficient funds."))))
        for method in original { try await service.removePaymentMethod(method.id) }
    }
}
