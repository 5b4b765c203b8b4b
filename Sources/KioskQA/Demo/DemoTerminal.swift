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
        guard pending.isEmpty else { return }
        switch await HostLoop.run(Wait(demo: self, remaining: seconds), on: terminal) {
        case .quit:
            break
        case let ending:
            interruption = ending
            pending.append(.quit)
        }
    }

    /// One wait between cues as the host loop sees it: keys read in short waits, paused time not
    /// counted, done once the time is up (after at least one look at the keys) or a control is
    /// pending.
    private final class Wait: HostedScreen {
        let demo: DemoTerminal
        var remaining: Double
        var last: Date
        var looked = false

        init(demo: DemoTerminal, remaining: Double) {
            self.demo = demo
            self.remaining = remaining
            last = demo.clock.now
        }

        var isDone: Bool { !demo.pending.isEmpty || (looked && remaining <= 0 && !demo.paused) }
        var wantsPaint: Bool { demo.needsPaint }
        func paint(on terminal: any TerminalBackend) { demo.paint() }

        func inputWait(on terminal: any TerminalBackend) -> Int32 {
            let timeout = demo.paused ? DemoTerminal.keyWait : min(max(remaining, 0), DemoTerminal.keyWait)
            return Int32((timeout * 1000).rounded(.up))
        }

        func resized(to size: Size) async { await demo.session?.send(.resized(DemoBanner.contentSize(in: size))) }
        func handle(_ key: Key) async { demo.handle(key) }
        // Only a byte-stream backend reports pastes; the demo runs on curses.
        func paste(_ text: String) async {}

        func turnEnded() async {
            looked = true
            let now = demo.clock.now
            if !demo.paused { remaining -= now.timeIntervalSince(last) }
            last = now
        }
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

    private func handle(_ key: Key) {
        switch key {
        case .character(" "):
            paused.toggle()
            needsPaint = true
        case .character("n"), .character("N"):
            if !finished { pending.append(.skipChapter) }
        case .character("q"), .character("Q"), .escape:
            pending.append(.quit)
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
