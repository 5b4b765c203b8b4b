import Foundation
import KioskViewModels
import PaymentsCore
import Synchronization
import TerminalUI

/// The storefront on a terminal backend: one loop on the main actor that waits for input (ncurses
/// locally, a byte stream over SSH), lets the effects' results in, runs the host's timers and
/// repaints when the state changed. A byte-stream backend suspends rather than blocks while it
/// waits, so many sessions share the main actor; curses calls never overlap either way.
@MainActor
public final class TerminalApp {
    public let store: Store<TerminalFeature>
    private let context: RenderContext
    private let clock: any KioskClock
    private var needsPaint = true
    private var timer = HostTimer()
    private var toastTimer = ToastTimer()
    /// Signalled by every action an effect hands back, so the wait for a key ends at once.
    private let wake: WakeRelay
    /// The store's live news of the feed (a server's event stream), if it has one.
    private let news: AsyncStream<Void>?
    /// News arrived and the feed has not been read since.
    private var newsPending = false

    /// At most one frame per this many milliseconds: a burst of changes (End loading page after
    /// page) is painted as it stands at each frame, not once per change.
    /// Paced by the monotonic clock, not the injected one: pacing is about the wire, and a
    /// session on a stopped (test or demo) clock must still paint what changed.
    static let frameInterval: Int32 = 16
    private var lastPaint: ContinuousClock.Instant?
    /// The picked theme the screen was last painted with.
    private var paintedTheme: KioskViewModels.Theme?
    /// What the last painted frame showed where: mouse events are resolved against it.
    private var paintedLayout = FrameLayout<TerminalAction>()

    /// How the loop ended.
    public enum Ending: Sendable, Hashable {
        /// The person quit.
        case quit
        /// The terminal went away (closed pty): nobody is left to answer.
        case inputEnded
        /// SIGINT, SIGTERM or SIGHUP: the caller exits with 128 + the signal once curses is ended.
        case signalled(Int32)
    }

    /// `news` (see `FeedClient.feedNews`) makes the feed be read as soon as something
    /// happens instead of at the next two-second poll.
    public init(feature: TerminalFeature, initialState: TerminalState, clock: any KioskClock,
                news: AsyncStream<Void>? = nil) {
        self.news = news
        let wake = WakeRelay()
        self.wake = wake
        store = Store(initialState: initialState, reducer: feature, recording: false, onEffectAction: { wake.signal() })
        context = feature.context
        self.clock = clock
        store.onChange = { [weak self] _ in self?.needsPaint = true }
    }

    /// The screen once launching and everything it started have finished: what `--dump` prints
    /// and what the start-up benchmark paints.
    public func settledFrame() async -> Frame {
        await store.send(.app(.launched)).value
        return AppView.render(store.state, context: context)
    }

    /// Paints the settled first frame and returns.
    public func paintFirstFrame(on terminal: any TerminalBackend) async {
        await store.send(.resized(terminal.size)).value
        let frame = await settledFrame()
        terminal.present(frame.buffer, cursor: frame.cursor)
    }

    /// Runs until the person quits or the terminal goes away.
    public func run(on terminal: any TerminalBackend) async -> Ending {
        wake.connect(terminal.wake)
        defer { wake.disconnect() }
        store.send(.resized(terminal.size))
        store.send(.app(.launched))
        let listener = news.map { news in
            Task { [weak self, wake] in
                for await _ in news {
                    self?.newsPending = true
                    wake.signal()
                }
            }
        }
        defer { listener?.cancel() }
        return await HostLoop.run(Host(app: self, terminal: terminal), on: terminal)
    }

    /// The storefront as the host loop sees it: painted at most once a frame interval, keys and
    /// pastes to the store, the host's timers after each turn.
    private struct Host: HostedScreen {
        let app: TerminalApp
        let terminal: any TerminalBackend

        var isDone: Bool { app.store.state.hasQuit }
        var wantsPaint: Bool { app.needsPaint && app.sincePaint >= TerminalApp.frameInterval }

        func paint(on terminal: any TerminalBackend) { app.paint(terminal) }

        func inputWait(on terminal: any TerminalBackend) -> Int32 {
            app.needsPaint ? max(0, TerminalApp.frameInterval - app.sincePaint) : terminal.idleWait
        }

        func resized(to size: Size) async { app.store.send(.resized(size)) }
        /// A key acts on the frame the person sees: a change not painted yet (paced) is painted first.
        func handle(_ key: Key) async {
            if app.needsPaint { app.paint(terminal) }
            app.store.send(.input(key, over: app.paintedLayout))
        }
        func paste(_ text: String) async { app.store.send(.paste(text)) }
        func turnEnded() async { app.runTimers() }
    }

    private var sincePaint: Int32 {
        lastPaint.map { Self.milliseconds(since: $0) } ?? Self.frameInterval
    }

    private func runTimers() {
        let now = clock.now
        let due = timer.due(at: now)
        if due.tick { store.send(.clockTicked(now)) }
        // News waits while a read is under way (the read may have started before the event).
        let news = newsPending && !store.state.app.isPolling
        if news { newsPending = false }
        if due.poll || news { store.send(.app(.pollChanges)) }
        for id in toastTimer.expired(store.state.app.toasts, now: now) {
            store.send(.app(.dismissToast(id: id)))
        }
    }

    private func paint(_ terminal: any TerminalBackend) {
        let frame = AppView.render(store.state, context: context)
        // A new theme is painted whole, as after Ctrl-L, rather than as a diff against the old
        // theme's frame: nothing of the old colours can survive in cells the diff would skip.
        if store.state.pickedTheme != paintedTheme {
            terminal.invalidate()
            paintedTheme = store.state.pickedTheme
        }
        terminal.present(frame.buffer, cursor: frame.cursor)
        paintedLayout = frame.layout
        needsPaint = false
        lastPaint = .now
    }

    private static func milliseconds(since instant: ContinuousClock.Instant) -> Int32 {
        let elapsed = ContinuousClock.now - instant
        return Int32(min(elapsed.components.seconds * 1_000 + elapsed.components.attoseconds / 1_000_000_000_000_000, 1_000))
    }
}

/// Passes an effect's "an action is back" to whichever backend the host is waiting on: the
/// store is made before the backend, and effects call from any thread.
final class WakeRelay: Sendable {
    private let target = Mutex<(@Sendable () -> Void)?>(nil)

    func connect(_ wake: @escaping @Sendable () -> Void) {
        target.withLock { $0 = wake }
    }

    func disconnect() {
        target.withLock { $0 = nil }
    }

    func signal() {
        let wake = target.withLock { $0 }
        wake?()
    }
}
