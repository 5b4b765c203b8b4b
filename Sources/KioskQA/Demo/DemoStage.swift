/// Where a demo plays: a headless session on a throwaway data directory, plus the banner's
/// caption. A terminal host draws `AppView` of `session.state` under `caption` and hands every
/// cue's event to `perform`; tests play the same stage without a terminal.
@MainActor
public final class DemoStage {
    public let session: ScenarioSession
    public private(set) var caption = ""
    public private(set) var chapter = 0
    /// Steps that did not go as the script says (the demo carries on; a host may show them).
    public private(set) var problems: [String] = []

    public init(session: ScenarioSession) {
        self.session = session
    }

    public func perform(_ event: DemoEvent) async {
        switch event {
        case let .chapter(index, text):
            chapter = index
            caption = text
        case let .caption(text):
            caption = text
        case let .step(step):
            if let problem = await session.play(step) {
                problems.append("line \(step.line): \(problem)")
            }
        }
    }
}
