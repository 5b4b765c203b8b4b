/// What a demo cue does.
public enum DemoEvent: Sendable {
    /// A chapter starts: show its caption in the banner.
    case chapter(index: Int, caption: String)
    /// A `caption` step: change the banner within the chapter.
    case caption(String)
    /// A step to run in the session (typing arrives as many small steps).
    case step(ScenarioStep)
}
