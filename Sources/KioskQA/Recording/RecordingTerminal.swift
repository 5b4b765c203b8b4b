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
        var lastTick = clock.now
        var ending = TerminalApp.Ending.quit
        loop: while !session.state.hasQuit {
            if needsPaint { paint(session) }
            switch await terminal.nextInput(timeout: Self.inputWait) {
            case .ended:
                ending = .inputEnded
                break loop
            case let .signalled(signal):
                ending = .signalled(signal)
                break loop
            // Only a byte-stream backend reports pastes; the demo and the recorder run on curses.
            case .timedOut, .paste:
                break
            case let .key(key):
                await handle(key, session)
            }
            let elapsed = Int(clock.now.timeIntervalSince(lastTick))
            if elapsed >= 1 {
                lastTick = lastTick.addingTimeInterval(TimeInterval(elapsed))
                await advance(session, seconds: elapsed)
            }
            // Lets the session's effects, queued on the main actor meanwhile, be reduced.
            await Task.yield()
        }
        recorder.expectEnd(session.state)
        return ending
    }

    private func handle(_ key: Key, _ session: ScenarioSession) async {
        switch key {
        case .resize:
            terminal.invalidate()
            needsPaint = true
            if fixedSize == nil { await send(.resized(terminal.size), session) }
        case .control("l"):
            terminal.invalidate()
            needsPaint = true
        default:
            let before = session.state
            // A click is resolved against the frame on screen, as `TerminalApp` does.
            if case let .mouse(event) = key {
                await session.send(.pointer(event, paintedLayout))
            } else {
                await session.send(.key(key))
            }
            if !session.state.hasQuit { recorder.record(.key(key), before: before, after: session.state) }
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
