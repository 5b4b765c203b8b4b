/// What the viewer can do while the demo plays: space pauses, `n` skips, `q` quits.
public enum DemoControl: Sendable {
    case togglePause, skipChapter, quit
}
