/// Drives a demo player: waits each cue's delay on the injected clock, checks the viewer's
/// controls, and hands every event to the host (which runs steps and draws the caption). On the
/// main actor, where the session's store and the terminal live.
public enum DemoLoop {
    /// How long to wait before looking at the controls again while paused.
    static let pausePoll = 0.1

    /// Plays until the script ends or the viewer quits; returns the player as it ended.
    @MainActor
    public static func play(_ player: DemoPlayer, clock: some DemoClock,
                            control: @MainActor () async -> DemoControl?,
                            perform: @MainActor (DemoEvent) async -> Void) async -> DemoPlayer {
        var player = player
        while !player.hasQuit {
            if let pressed = await control() {
                player.handle(pressed)
                continue
            }
            if player.isPaused, !player.hasImmediateCue {
                await clock.sleep(seconds: pausePoll)
                continue
            }
            guard let cue = player.next() else { break }
            if cue.delay > 0 { await clock.sleep(seconds: cue.delay) }
            await perform(cue.event)
        }
        return player
    }
}

/// How the demo waits between cues: the real terminal sleeps, tests record the waits.
public protocol DemoClock: Sendable {
    func sleep(seconds: Double) async
}

/// What the viewer can do while the demo plays: space pauses, `n` skips, `q` quits.
public enum DemoControl: Sendable {
    case togglePause, skipChapter, quit
}
