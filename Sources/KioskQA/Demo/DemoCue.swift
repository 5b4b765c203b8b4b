/// What the demo does next and how long to wait before it (already scaled by the speed).
public struct DemoCue: Sendable {
    public var delay: Double
    public var event: DemoEvent
}

public enum DemoEvent: Sendable {
    /// A chapter starts: show its caption in the banner.
    case chapter(index: Int, caption: String)
    /// A `caption` step: change the banner within the chapter.
    case caption(String)
    /// A step to run in the session (typing arrives as many small steps).
    case step(ScenarioStep)
}

/// What the viewer can do while the demo plays: space pauses, `n` skips, `q` quits.
public enum DemoControl: Sendable {
    case togglePause, skipChapter, quit
}
