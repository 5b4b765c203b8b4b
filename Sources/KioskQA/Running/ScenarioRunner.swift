import Foundation
import PaymentsCore

/// Runs scenarios headless, a few at a time, and reports each as it ends.
public struct ScenarioRunner: Sendable {
    public let options: ScenarioOptions

    public init(options: ScenarioOptions) {
        self.options = options
    }

    /// Results in the order given; `progress` hears each result as soon as it is known.
    /// A few workers on the main actor take scenarios from a shared queue (Swift 6.3's region
    /// checker rejects main-actor child tasks of a task group here, so the workers are tasks
    /// awaited in turn).
    @MainActor
    public func run(_ scenarios: [Scenario], progress: @escaping @MainActor (ScenarioResult) -> Void = { _ in }) async -> [ScenarioResult] {
        let queue = ScenarioQueue(scenarios)
        let workers = (0..<min(options.width, scenarios.count)).map { _ in
            Task { @MainActor in
                while let (index, scenario) = queue.next() {
                    let result = await self.run(scenario)
                    queue.finish(index, result)
                    progress(result)
                }
            }
        }
        for worker in workers { await worker.value }
        return queue.results
    }

    /// One scenario from start to its first failing step, or to the end.
    @MainActor
    public func run(_ scenario: Scenario) async -> ScenarioResult {
        var result = ScenarioResult(scenario: scenario, stepsRun: 0, failure: nil, transcript: [], snapshotsWritten: [],
                                    finalState: nil)
        let session: ScenarioSession
        do {
            let catalog = try loadCatalog(for: scenario)
            session = try await ScenarioSession(scenario: scenario, catalog: catalog, options: options)
        } catch {
            result.failure = StepFailure(file: scenario.file, line: 1, column: 1, step: "setup", expected: "the scenario to start",
                                         actual: "\(error)", screen: "")
            return result
        }
        let snapshots = SnapshotStore(scenarioFile: scenario.file, update: options.updateSnapshots)
        result.transcript.append(TranscriptEntry(line: 1, step: "start", detail: scenario.name,
                                                 screen: TranscriptRedaction.text(session.screen)))
        result.finalState = session.state
        var cast = options.recordsAsciicast ? ScenarioAsciicast(session: session, context: options.context) : nil
        for step in scenario.steps {
            let before = TranscriptRedaction.CardFields(session.state)
            let outcome = await session.run(step, snapshots: snapshots)
            result.stepsRun += 1
            // Reports are kept and shared: what they show of a card is redacted here, once.
            let after = TranscriptRedaction.CardFields(session.state)
            let screen = TranscriptRedaction.text(session.screen)
            result.finalState = session.state
            cast?.addStep(session)
            switch outcome {
            case let .passed(detail):
                let echo = TranscriptRedaction.echo(detail, step: step, before: before, after: after)
                result.transcript.append(TranscriptEntry(line: step.line, step: step.name, detail: echo, screen: screen))
                if case .snapshot = step.kind, options.updateSnapshots { result.snapshotsWritten.append(detail) }
            case let .failed(expected, actual, line, column):
                let shownActual = TranscriptRedaction.echo(actual, step: step, before: before, after: after)
                result.transcript.append(TranscriptEntry(line: step.line, step: step.name, detail: "FAILED: \(shownActual)",
                                                         screen: screen))
                result.failure = StepFailure(file: scenario.file, line: line, column: column, step: step.name,
                                             expected: TranscriptRedaction.text(expected), actual: shownActual, screen: screen)
                result.asciicast = cast?.text
                await session.close()
                return result
            }
        }
        result.asciicast = cast?.text
        await session.close()
        return result
    }

    /// The scenario's catalog (its own file, relative to the scenario, or the default): the demo
    /// loads it before opening the terminal, so a bad catalog is reported as text.
    public func loadCatalog(for scenario: Scenario) throws -> Catalog {
        try CatalogLoader.load(contentsOf: scenario.catalogURL(default: options.defaultCatalog)).get()
    }
}
