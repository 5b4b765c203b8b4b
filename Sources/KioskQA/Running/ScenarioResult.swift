import KioskScreens

/// How one scenario ended.
public struct ScenarioResult: Sendable {
    public var scenario: Scenario
    /// Steps that ran (all of them when it passed).
    public var stepsRun: Int
    public var failure: StepFailure?
    public var transcript: [TranscriptEntry]
    /// Snapshot files written because `--update-snapshots` was given or they were missing.
    public var snapshotsWritten: [String]
    /// The terminal state when the scenario stopped (nil when it could not start).
    public var finalState: TerminalState?
    /// The asciicast of the run, when the options ask for one.
    public var asciicast: String?

    public var passed: Bool { failure == nil }

    /// `PASS name (12 steps)` or `FAIL name`.
    public var progressLine: String {
        passed ? "PASS \(scenario.name) (\(stepsRun) steps)" : "FAIL \(scenario.name)"
    }
}

/// One step as it ran: what it was and the screen after it, for `--transcript`.
public struct TranscriptEntry: Sendable, Hashable {
    public var line: Int
    public var step: String
    public var detail: String
    public var screen: String
}
