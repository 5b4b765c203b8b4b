import Foundation
import KioskScreens
import PaymentsCore
import TerminalUI

/// The storefront in the real terminal on a throwaway session, with every key, resize and
/// clock change handed to a `ScenarioRecorder` along with the state before and after it.
///
/// The session runs on its manual clock; real time moves it (and its test clock) forward in
/// whole seconds, which the recorder writes as `advance` steps, so a replay sees the same times.
@MainActor
public final class RecordingTerminal {
    private let terminal: any TerminalBackend
    /// Real time, only to know how far to move the session's clock.
    private let clock: any KioskClock
    private let context: RenderContext
    /// The layout size when fixed by `--size`; nil follows the terminal (and records its resizes).
    private let fixedSize: Size?
    public private(set) var recorder: ScenarioRecorder
    /// Clock moves that failed (the recording carries on without them).
    public private(set) var problems: [String] = []
    private var needsPaint = true
    /// What the painted frame showed where, for resolving clicks.
    private var paintedLayout = FrameLayout<TerminalAction>()

    /// How long one wait for a key may block: effect results and ticks arrive at most this late.
    static let inputWait: Int32 = 40

    public init(terminal: any TerminalBackend, clock: any KioskClock, context: RenderContext, fixedSize: Size?,
                recorder: ScenarioRecorder) {
        self.terminal = terminal
        self.clock = clock
        self.context = context
        self.fixedSize = fixedSize
        self.recorder = recorder
    }

    /// Runs until the person quits (the quitting key itself is not recorded) or the terminal
    /// goes away, then ends the recording with the screen it stopped on.
    public func run(_ session: ScenarioSession) async -> TerminalApp.Ending {
        session.observe { [weak self] _ in self?.needsPaint = true }
        let ending = await HostLoop.run(Host(recording: self, session: session, lastTick: clock.now), on: terminal)
        recorder.expectEnd(session.state)
        return ending
    }

    /// The recording as the host loop sees it: keys and resizes recorded, real time moving the
    /// session's clock in whole seconds after each turn.
    private final class Host: HostedScreen {
        let recording: RecordingTerminal
        let session: ScenarioSession
        var lastTick: Date

        init(recording: RecordingTerminal, session: ScenarioSession, lastTick: Date) {
            self.recording = recording
            self.session = session
            self.lastTick = lastTick
        }

        var isDone: Bool { session.state.hasQuit }
        var wantsPaint: Bool { recording.needsPaint }
        func paint(on terminal: any TerminalBackend) { recording.paint(session) }
        func inputWait(on terminal: any TerminalBackend) -> Int32 { RecordingTerminal.inputWait }

        func resized(to size: Size) async {
            if recording.fixedSize == nil { await recording.send(.resized(size), session) }
        }

        func handle(_ key: Key) async {
            if recording.needsPaint { recording.paint(session) }
            let before = session.state
            await session.send(.input(key, over: recording.paintedLayout))
            if !session.state.hasQuit { recording.recorder.record(.key(key), before: before, after: session.state) }
        }

        // Only a byte-stream backend reports pastes; the recorder runs on curses.
        func paste(_ text: String) async {}

        func turnEnded() async {
            let elapsed = Int(recording.clock.now.timeIntervalSince(lastTick))
            if elapsed >= 1 {
                lastTick = lastTick.addingTimeInterval(TimeInterval(elapsed))
                await recording.advance(session, seconds: elapsed)
            }
        }
    }

    private func send(_ action: TerminalAction, _ session: ScenarioSession) async {
        let before = session.state
        await session.send(action)
        recorder.record(action, before: before, after: session.state)
    }

    private func advance(_ session: ScenarioSession, seconds: Int) async {
        let before = session.state
        do {
            _ = try await session.advance(ISODuration(seconds: seconds))
            recorder.record(.clockTicked(session.testClock.frozenTime), before: before, after: session.state)
        } catch {
            problems.append("the clock could not move on \(seconds)s: \(error)")
        }
    }

    private func paint(_ session: ScenarioSession) {
        let frame = AppView.render(session.state, context: context)
        var screen = Frame(size: terminal.size)
        screen.buffer.draw(frame.buffer, at: Point(x: 0, y: 0))
        RecordingBadge.draw(on: &screen.buffer, theme: context.theme)
        terminal.present(screen.buffer, cursor: frame.cursor)
        paintedLayout = frame.layout
        needsPaint = false
    }
}
