/// The scenarios still to start and the results so far, shared by the runner's workers (all on
/// the main actor, where the stores live; they overlap while waiting on their databases).
@MainActor
final class ScenarioQueue {
    private let scenarios: [Scenario]
    private var started = 0
    private var finished: [ScenarioResult?]

    init(_ scenarios: [Scenario]) {
        self.scenarios = scenarios
        finished = Array(repeating: nil, count: scenarios.count)
    }

    func next() -> (Int, Scenario)? {
        guard started < scenarios.count else { return nil }
        defer { started += 1 }
        return (started, scenarios[started])
    }

    func finish(_ index: Int, _ result: ScenarioResult) {
        finished[index] = result
    }

    var results: [ScenarioResult] { finished.compactMap { $0 } }
}
