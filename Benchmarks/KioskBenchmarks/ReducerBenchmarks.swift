import Benchmark
import KioskViewModels
import PaymentsCore
import StorefrontClient

/// One action through the app reducer (`AppFeature`), cycling through tab switches, help, back and
/// toast dismissal, beside a no-op reducer over the same state. Budget: under 10 microseconds per
/// action. Effects are returned, not run, so no client is ever called.
enum ReducerBenchmarks {
    static var configuration: Benchmark.Configuration {
        Benchmark.Configuration(
            metrics: [.wallClock, .throughput, .mallocCountTotal], timeUnits: .nanoseconds, scalingFactor: .kilo,
            maxDuration: .seconds(3))
    }

    static let actions: [AppAction] = [
        .selectTab(.plans), .toggleHelp, .toggleHelp, .selectTab(.billing), .back, .selectTab(.paywall),
        .dismissToast(id: 1), .selectTab(.settings),
    ]

    static func register() {
        let feature = AppFeature(storefront: Storefront(), clock: ManualClock(BenchmarkCatalog.start),
                                 files: .failing)
        register("Reducer: AppFeature, one action", feature)
        register("Reducer: baseline no-op reducer, one action", NoOpAppReducer())
    }

    private static func register<Feature: Reducer>(_ name: String, _ reducer: Feature)
    where Feature.State == AppState, Feature.Action == AppAction {
        Benchmark(name, configuration: configuration) { benchmark in
            var state = AppState(sessionID: "bench")
            for index in benchmark.scaledIterations {
                blackHole(reducer.reduce(into: &state, action: actions[index % actions.count]))
            }
            blackHole(state)
        }
    }
}
