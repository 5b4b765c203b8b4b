import Foundation
import KioskScreens
import PaymentsCore
import TerminalUI

/// Plays a demo script in the real terminal: the storefront of a throwaway session under a
/// caption band, keys read in short waits between cues (space pauses, `n` skips a chapter,
/// `q` quits), resizes followed. Every curses call happens on the main actor, here.
@MainActor
public final class DemoTerminal {
    private let terminal: any TerminalBackend
    /// Real time, for the pacing only: the session itself runs on its own manual clock.
    private let clock: any KioskClock
    private let context: RenderContext
    private var session: ScenarioSession?
    private var stage: DemoStage?
    private var chapters = 0
    private var paused = false
    private var finished = false
    /// Set when the terminal went away or a termination signal arrived: the demo stops.
    private var interruption: TerminalApp.Ending?
    private var pending: [DemoControl] = []
    /// A key cut a cue's wait short: that cue is dropped, so a skip or quit takes effect at once.
    private var needsPaint = true

    /// Longest single wait for a key: how late a pause, skip or quit may be seen.
    static let keyWait = 0.05

    public init(terminal: any TerminalBackend, clock: any KioskClock, context: RenderContext) {
        self.terminal = terminal
        self.clock = clock
        self.context = context
    }

    /// Plays `script` on sessions from `makeSession` (a fresh one per round with `loop`) until
    /// the viewer quits; without `loop`, the last screen stays up with "Demo finished" until `q`.
    public func play(_ script: DemoScript, pacing: DemoPacing, loop: Bool,
                     makeSession: @MainActor () async throws -> ScenarioSession) async throws -> TerminalApp.Ending {
        chapters = script.chapters.count
        repeat {
            let session = try await makeSession()
            let stage = DemoStage(session: session)
            self.session = session
            self.stage = stage
            session.observe { [weak self] _ in self?.needsPaint = true }
            await session.send(.resized(DemoBanner.contentSize(in: terminal.size)))
            let ended = await DemoLoop.play(DemoPlayer(script: script, pacing: pacing), clock: DemoTerminalClock(host: self),
                                            control: { await self.control() },
                                            perform: { await self.perform($0, on: stage) })
            if ended.hasQuit || interruption != nil {
                await session.close()
                return interruption ?? .quit
            }
            if loop { await session.close() } else { break }
        } while true
        finished = true
        needsPaint = true
        while pending.isEmpty { await wait(seconds: 1) }
        await session?.close()
        return interruption ?? .quit
    }

    /// Waits `seconds` of unpaused time, handling keys meanwhile; returns early when the viewer
    /// skipped or quit. A cue waited for then plays at once: a skip fast-forwards it with the rest
    /// of its chapter rather than dropping it.
    func wait(seconds: Double) async {
        var remaining = seconds
        var last = clock.now
        repeat {
            guard pending.isEmpty else { return }
            if needsPaint { paint() }
            let timeout = paused ? Self.keyWait : min(max(remaining, 0), Self.keyWait)
            switch await terminal.nextInput(timeout: Int32((timeout * 1000).rounded(.up))) {
            case .ended:
                interruption = .inputEnded
                pending.append(.quit)
            case let .signalled(signal):
                interruption = .signalled(signal)
                pending.append(.quit)
            // Only a byte-stream backend reports pastes; the demo and the recorder run on curses.
            case .timedOut, .paste:
                break
            case let .key(key):
                await handle(key)
            }
            // Lets the session's effects, queued on the main actor meanwhile, be reduced.
            await Task.yield()
            let now = clock.now
            if !paused { remaining -= now.timeIntervalSince(last) }
            last = now
        } while remaining > 0 || paused || !pending.isEmpty
    }

    /// What the viewer asked for since the last cue, if anything.
    private func control() async -> DemoControl? {
        await wait(seconds: 0)
        return pending.isEmpty ? nil : pending.removeFirst()
    }

    private func perform(_ event: DemoEvent, on stage: DemoStage) async {
        await stage.perform(event)
        paint()
    }

    private func handle(_ key: Key) async {
        switch key {
        case .character(" "):
            paused.toggle()
            needsPaint = true
        case .character("n"), .character("N"):
            if !finished { pending.append(.skipChapter) }
        case .character("q"), .character("Q"), .escape:
            pending.append(.quit)
        case .resize:
            terminal.invalidate()
            await session?.send(.resized(DemoBanner.contentSize(in: terminal.size)))
            needsPaint = true
        case .control("l"):
            terminal.invalidate()
            needsPaint = true
        default:
            break
        }
    }

    private func paint() {
        guard let session, let stage else { return }
        let size = terminal.size
        let chapter = chapters > 0 ? "Chapter \(min(stage.chapter + 1, chapters))/\(chapters): " : ""
        let banner = DemoBanner(caption: chapter + stage.caption, status: DemoBanner.status(paused: paused, finished: finished))
        let frame = banner.compose(AppView.render(session.state, context: context), size: size)
        terminal.present(frame.buffer, cursor: frame.cursor)
        needsPaint = false
    }
}
