import Foundation
import KioskScreens
import Synchronization
import TerminalUI

/// `kiosk demo --asciicast FILE`: the demo played headless into an asciicast recording instead
/// of a terminal. The screen is the one `DemoTerminal` paints (caption band over the storefront),
/// taken after every cue, at the time the demo's pacing puts it.
public enum DemoAsciicast {
    /// Records one round of `script` on `session` in a terminal of `size`; returns the file's text
    /// and the steps that did not go as the script says.
    @MainActor
    public static func record(_ script: DemoScript, pacing: DemoPacing, session: ScenarioSession, size: Size,
                              context: RenderContext) async -> (text: String, problems: [String]) {
        let clock = AsciicastClock()
        let stage = DemoStage(session: session)
        var recording = AsciicastRecording(size: size, colorLevel: context.colorLevel, timestamp: session.scenario.start)
        let chapters = script.chapters.count
        func frame(finished: Bool) -> Frame {
            let chapter = chapters > 0 ? "Chapter \(min(stage.chapter + 1, chapters))/\(chapters): " : ""
            let banner = DemoBanner(caption: chapter + stage.caption, status: DemoBanner.status(paused: false, finished: finished))
            return banner.compose(AppView.render(session.state, context: context), size: size)
        }
        await session.send(.resized(DemoBanner.contentSize(in: size)))
        recording.add(frame(finished: false), at: 0)
        _ = await DemoLoop.play(DemoPlayer(script: script, pacing: pacing), clock: clock, control: { nil }) { event in
            await stage.perform(event)
            recording.add(frame(finished: false), at: clock.seconds)
        }
        recording.add(frame(finished: true), at: clock.seconds + pacing.chapter / pacing.speed)
        return (recording.text, stage.problems)
    }
}

/// The demo's waits when it records instead of showing: nothing sleeps, each wait moves the
/// recording's time on by as long, so a recording plays at the demo's pace and is the same on
/// every run.
public final class AsciicastClock: DemoClock {
    private let elapsed = Mutex(0.0)

    public init() {}

    /// Seconds waited so far.
    public var seconds: Double { elapsed.withLock { $0 } }

    public func sleep(seconds: Double) async {
        elapsed.withLock { $0 += max(0, seconds) }
    }
}
