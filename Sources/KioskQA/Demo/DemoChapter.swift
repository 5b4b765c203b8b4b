/// A demo chapter: its banner caption and the steps it plays.
public struct DemoChapter: Sendable {
    public var caption: String
    public var steps: [ScenarioStep]
}
