/// A guided tour: a scenario cut into chapters at its `chapter` steps, each with a caption
/// for the banner. Steps before the first chapter form an untitled opening chapter.
public struct DemoScript: Sendable {
    public var scenario: Scenario
    public var chapters: [DemoChapter]

    public init(_ scenario: Scenario) {
        self.scenario = scenario
        var chapters: [DemoChapter] = []
        for step in scenario.steps {
            if case let .chapter(caption) = step.kind {
                chapters.append(DemoChapter(caption: caption, steps: []))
            } else if chapters.isEmpty {
                chapters.append(DemoChapter(caption: scenario.name, steps: [step]))
            } else {
                chapters[chapters.count - 1].steps.append(step)
            }
        }
        self.chapters = chapters
    }
}

/// A demo chapter: its banner caption and the steps it plays.
public struct DemoChapter: Sendable {
    public var caption: String
    public var steps: [ScenarioStep]
}
