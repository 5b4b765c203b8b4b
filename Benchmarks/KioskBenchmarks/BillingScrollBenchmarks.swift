import Benchmark
import KioskScreens
import KioskViewModels
import PaymentsCore
import Simulators
import StorefrontClient
import TerminalUI

/// The terminal UI's memory while scrolling a long history: the billing screen at 120x40 over
/// 100,000 invoices, driven by keys through the same reducers and renderer as `kiosk run` (End to
/// the oldest invoice, then 40 pages back up, every frame rendered). Budget: peak resident memory
/// under 64 MB. Beside it, the same walk over 100 invoices shows what the history itself adds.
enum BillingScrollBenchmarks {
    static let size = Size(width: 120, height: 40)

    static func register(invoices: Int, label: String) {
        let configuration = Benchmark.Configuration(
            metrics: [.wallClock, .peakMemoryResident, .peakMemoryResidentDelta, .mallocCountTotal],
            maxDuration: .seconds(60), maxIterations: 3)
        let history = FixtureCache { try await BillingHistoryBenchmarks.prepare(invoices: invoices) }
        Benchmark("Billing screen: End and 40 pages up, \(label) invoices, every frame rendered",
                  configuration: configuration,
                  closure: { benchmark async throws in
                      let (store, accountID) = try await history.get()
                      let session = SessionTokenKeeper.inMemory()
                      try await session.signIn(accountID, on: store.service)
                      benchmark.startMeasurement()
                      let frames = await scroll(store.service, session: session)
                      benchmark.stopMeasurement()
                      guard frames > 40 else { throw BenchmarkSetupError.invalidFixture("only \(frames) frames") }
                  },
                  teardown: { await history.take()?.store.remove() })
    }

    /// Returns the number of frames rendered.
    @MainActor
    private static func scroll(_ service: LocalPaymentsService, session: SessionTokenKeeper) async -> Int {
        let app = AppFeature(storefront: .live(service, appStore: SimulatedAppStore(beside: service), session: session), clock: ManualClock(BenchmarkCatalog.start), files: .failing)
        let terminal = Store(initialState: TerminalState(app: AppState(sessionID: "bench"), size: size),
                             reducer: TerminalFeature(app: app, context: .standard))
        var frames = 0
        func press(_ key: Key) async {
            await terminal.send(.key(key)).value
            blackHole(AppView.render(terminal.state, context: .standard))
            frames += 1
        }
        await terminal.send(.app(.launched)).value
        await press(.character("3"))
        await press(.end)
        for _ in 0..<40 { await press(.pageUp) }
        return frames
    }
}
