import Benchmark
import KioskScreens
import KioskViewModels
import PaymentsCore
import Simulators
import StorefrontClient
import TerminalUI

/// Each screen from state to a painted cell buffer and its diff against the previous frame, at
/// 120x40, beside drawing (clearing) an empty buffer of that size and diffing it. Budget: under
/// 1 ms per frame. The states come from the real reducers over a real store (a subscriber with
/// a year of invoices), so the screens draw real content.
enum RenderBenchmarks {
    static let size = Size(width: 120, height: 40)

    static var configuration: Benchmark.Configuration {
        Benchmark.Configuration(metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .microseconds,
                                maxDuration: .seconds(3))
    }

    static func register() {
        let states = FixtureCache { try await prepare() }
        for screen in ScreenID.allCases {
            Benchmark("Render: \(screen.rawValue) at 120x40, state to buffer and diff", configuration: configuration,
                      closure: { benchmark async throws in
                          let state = try await states.get().states[screen] ?? TerminalState(app: AppState(sessionID: "bench"), size: size)
                          let previous = Buffer(size: size)
                          benchmark.startMeasurement()
                          for _ in benchmark.scaledIterations {
                              let frame = AppView.render(state, context: .standard)
                              blackHole(BufferDiff.runs(from: previous, to: frame.buffer))
                          }
                      },
                      teardown: { await states.take()?.store.remove() })
        }
        Benchmark("Render: baseline empty 120x40 buffer and diff", configuration: configuration) { benchmark in
            let previous = Buffer(size: size)
            for _ in benchmark.scaledIterations {
                var buffer = Buffer(size: size)
                buffer.fill(buffer.area, with: .blank(Theme.standard.base))
                blackHole(BufferDiff.runs(from: previous, to: buffer))
            }
        }
    }

    /// One state per screen, reached by driving the terminal reducer as a person would.
    private static func prepare() async throws -> (store: BenchmarkStore, states: [ScreenID: TerminalState]) {
        let (store, accountID) = try await BenchmarkStore.make { service in
            let clock = try await service.createTestClock(name: "render", frozenAt: BenchmarkCatalog.start)
            let account = try await BenchmarkStore.account("painter", on: clock.id, in: service)
            try await BenchmarkStore.buy(BenchmarkCatalog.monthly, for: account.id, in: service)
            _ = try await service.advanceTestClock(clock.id, to: ISODuration(years: 1).advance(BenchmarkCatalog.start))
            return account.id
        }
        let session = SessionTokenKeeper.inMemory()
        try await session.signIn(accountID, on: store.service)
        let states = await visitScreens(store.service, session: session)
        for (screen, state) in states where state.screen != screen {
            throw BenchmarkSetupError.invalidFixture("wanted the \(screen) screen, reached \(state.screen)")
        }
        return (store, states)
    }

    @MainActor
    private static func visitScreens(_ service: LocalPaymentsService,
                                     session: SessionTokenKeeper) async -> [ScreenID: TerminalState] {
        let app = AppFeature(storefront: .live(service, appStore: SimulatedAppStore(beside: service), session: session), clock: ManualClock(BenchmarkCatalog.start), files: .failing)
        let terminal = Store(initialState: TerminalState(app: AppState(sessionID: "bench"), size: size),
                             reducer: TerminalFeature(app: app, context: .standard))
        var states: [ScreenID: TerminalState] = [:]
        await terminal.send(.app(.launched)).value
        for (key, screen) in [("2", ScreenID.plans), ("3", .billing), ("4", .settings), ("1", .paywall)] {
            await terminal.send(.key(.character(Character(key)))).value
            states[screen] = terminal.state
        }
        await terminal.send(.app(.paywall(.selectPackage(productID: BenchmarkCatalog.points)))).value
        await terminal.send(.app(.paywall(.continueTapped))).value
        states[.checkout] = terminal.state
        return states
    }
}
