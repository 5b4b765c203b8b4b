import CNCurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The real terminal, kept thin: it paints `BufferDiff` runs with wide-character calls and reads
/// keys through `KeyDecoder`. Everything that can be decided without a terminal lives elsewhere.
public final class NCursesTerminal: TerminalBackend {
    /// Nil when drawing without colour: every cell then uses the default pair.
    private var colorPairs: ColorPairs?
    private var previous: Buffer?
    /// Cuts a wait for a key short when an effect hands an action back.
    private let wakeSignal = WakeSignal()

    private init(colorPairs: ColorPairs?) {
        self.colorPairs = colorPairs
    }

    public var wake: @Sendable () -> Void {
        { [wakeSignal] in wakeSignal?.signal() }
    }

    /// Without a wake pipe, effect results arrive at most this late.
    public var idleWait: Int32 { 40 }

    /// Blocks the calling thread in `poll`: fine locally, where one terminal owns the process.
    public nonisolated(nonsending) func nextInput(timeout: Int32) async -> TerminalInput {
        nextKey(timeout: timeout, wake: wakeSignal)
    }

    /// Starts curses, runs `body`, and restores the terminal however `body` ends: by returning,
    /// by throwing, by `exit`, or by SIGINT, SIGTERM or SIGHUP (which `nextKey(timeout:)`
    /// reports, so the loop can return; a body that does not read keys is ended by the alarm in
    /// `TerminalSignals` instead).
    public static func run<T>(colorLevel: ColorLevel, mouse: Bool = false, _ body: (NCursesTerminal) throws -> T) rethrows -> T {
        let terminal = start(colorLevel: colorLevel, mouse: mouse)
        defer { TerminalSignals.restoreTerminal() }
        return try body(terminal)
    }

    /// The same for an app loop that awaits effects between keys; the terminal stays on the main
    /// actor, where every curses call is made.
    @MainActor
    public static func run<T>(colorLevel: ColorLevel, mouse: Bool = false,
                              _ body: @MainActor (NCursesTerminal) async throws -> T) async rethrows -> T {
        let terminal = start(colorLevel: colorLevel, mouse: mouse)
        defer { TerminalSignals.restoreTerminal() }
        return try await body(terminal)
    }

    /// cbreak, not raw: the terminal keeps turning Ctrl-C into SIGINT, which `TerminalSignals`
    /// hands to the loop reading `nextKey(timeout:)`. Ctrl-Z arrives as a key instead of SIGTSTP
    /// (curses ignores SIGTSTP while it paints, so the signal could be lost), and `nextKey` stops
    /// the process between two curses calls and reports a full repaint on resume.
    private static func start(colorLevel: ColorLevel, mouse: Bool) -> NCursesTerminal {
        setlocale(LC_ALL, "")
        TerminalSignals.saveModes()
        initscr()
        TerminalSignals.isCursesActive.store(true, ordering: .releasing)
        TerminalSignals.install()
        cbreak()
        noecho()
        keypad(kiosk_stdscr(), true)
        KeySequences.register()
        // The loop reads keys between frames; curses' own check for typed-ahead keys flushed the
        // output every few lines of a frame (one write per cell run, a full table took ~20 ms).
        typeahead(-1)
        TerminalSignals.readSuspendKeyAsInput()
        set_escdelay(25)
        if mouse { mousemask(kiosk_all_mouse_events(), nil) }
        guard colorLevel > .none, has_colors() else { return NCursesTerminal(colorPairs: nil) }
        start_color()
        use_default_colors()
        // Read after start_color, which sets them from the terminal description.
        let palette = CursesPalette(colors: Int(kiosk_colors()), level: colorLevel, canChangeColor: can_change_color())
        return NCursesTerminal(colorPairs: ColorPairs(palette: palette, capacity: Int(kiosk_color_pairs())))
    }

    /// The current terminal size, updated by curses on resize.
    public var size: Size { Size(width: Int(kiosk_cols()), height: Int(kiosk_lines())) }

    /// Paints what changed since the last frame and places the cursor (hidden when nil). A frame of
    /// a new size (after `Key.resize`) is painted whole.
    public func present(_ buffer: Buffer, cursor: Point? = nil) {
        let window = kiosk_stdscr()
        if let previous, previous.size != buffer.size {
            // After a resize the terminal's own screen may hold reflowed debris curses does not know about.
            clearok(window, true)
        }
        for run in BufferDiff.runs(from: previous, to: buffer) {
            // The pair goes through `opts` as an int: the short argument cannot hold pairs past 32767.
            var pair = pair(run.style)
            wattr_set(window, attributes(run.style), Int16(clamping: pair), &pair)
            var column = run.column
            for character in run.text {
                add(character, row: run.row, column: column, window: window)
                column += DisplayWidth.of(character)
            }
        }
        wattr_set(window, kiosk_a_normal(), 0, nil)
        if let cursor {
            curs_set(1)
            wmove(window, Int32(cursor.y), Int32(cursor.x))
        } else {
            curs_set(0)
        }
        wrefresh(window)
        previous = buffer
    }

    /// Moves before every glyph: curses may measure a ZWJ or VS16 sequence differently from
    /// `DisplayWidth`, and placing each glyph at its buffer column keeps one misjudged glyph from
    /// shifting the rest of the row. Moves only set the window cursor; wrefresh still sends the
    /// minimal update.
    private func add(_ character: Character, row: Int, column: Int, window: UnsafeMutablePointer<WINDOW>?) {
        var wide = character.unicodeScalars.map { wchar_t(bitPattern: $0.value) }
        wide.append(0)
        if wmove(window, Int32(row), Int32(column)) != ERR { waddwstr(window, wide) }
    }

    /// Forgets the last frame so the next `present` repaints everything (Ctrl-L, resize).
    public func invalidate() {
        previous = nil
        wclear(kiosk_stdscr())
    }

    /// The next key if one comes within `timeout` milliseconds. Curses alone cannot tell a
    /// timeout from a closed terminal (both are ERR), so the wait is a `poll` on standard input:
    /// only when it reports input or a hang-up does a failed read mean the terminal is gone.
    /// A signalled `wake` ends the wait early, reported as `.timedOut`.
    public func nextKey(timeout: Int32, wake: WakeSignal? = nil) -> TerminalInput {
        if let signal = pendingSignal() { return signal }
        if let resumed = suspendIfAsked() { return resumed }
        let window = kiosk_stdscr()
        // Keys curses already holds (the rest of a paste, a pending resize) need no wait.
        wtimeout(window, 0)
        if let key = readKey(window) { return deliver(key) }
        var descriptors = [pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)]
        if let wake { descriptors.append(pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0)) }
        let ready = poll(&descriptors, nfds_t(descriptors.count), timeout)
        if descriptors.count > 1, descriptors[1].revents != 0 { wake?.drain() }
        // A signal (SIGWINCH among them), a wake or nothing to read: the next call picks up what came.
        guard ready > 0, descriptors[0].revents != 0 else { return pendingSignal() ?? suspendIfAsked() ?? .timedOut }
        let hungUp = Int32(descriptors[0].revents) & (POLLHUP | POLLERR | POLLNVAL) != 0
        // Long enough for the rest of a multi-byte character or escape sequence to arrive.
        wtimeout(window, 50)
        errno = 0
        if let key = readKey(window) {
            emptyReads = 0
            return deliver(key)
        }
        let readError = errno
        if readError == EINTR { return .timedOut }
        // Readable yet nothing read: a hang-up or EIO is a closed pty; anything else (end of file,
        // a stray error right after a resume) ends input only when it keeps happening.
        emptyReads += 1
        return hungUp || readError == EIO || emptyReads >= 3 ? .ended : .timedOut
    }

    /// Ctrl-Z is the terminal's business, not the app's: it suspends here.
    private func deliver(_ key: Key) -> TerminalInput {
        guard key == .control("z") else { return .key(key) }
        TerminalSignals.pendingSuspend.store(true, ordering: .relaxed)
        return suspendIfAsked() ?? .timedOut
    }

    /// After Ctrl-Z: stops until `fg`, then reports a resize, because the terminal may have
    /// changed size meanwhile and the screen must be painted whole either way.
    private func suspendIfAsked() -> TerminalInput? {
        guard TerminalSignals.pendingSuspend.exchange(false, ordering: .relaxed) else { return nil }
        TerminalSignals.stopUntilResumed()
        wrefresh(kiosk_stdscr())
        return .key(.resize)
    }

    private func pendingSignal() -> TerminalInput? {
        let termination = TerminalSignals.pendingTermination.load(ordering: .relaxed)
        return termination != 0 ? .signalled(termination) : nil
    }

    /// Consecutive reads that found input ready but got nothing: a read at end of file sets no
    /// errno, so a few in a row are taken as the end.
    private var emptyReads = 0

    private func readKey(_ window: UnsafeMutablePointer<WINDOW>?) -> Key? {
        var value: wint_t = 0
        let result = wget_wch(window, &value)
        if result == ERR { return nil }
        if result == KEY_CODE_YES, Int32(value) == KEY_MOUSE {
            var event = MEVENT()
            guard getmouse(&event) == OK else { return .unknown(KEY_MOUSE) }
            return KeyDecoder.decodeMouse(x: Int(event.x), y: Int(event.y), buttonState: UInt(event.bstate),
                                          masks: NCursesTerminal.mouseMasks) ?? .unknown(KEY_MOUSE)
        }
        return KeyDecoder.decode(result == KEY_CODE_YES ? .keyCode(Int32(value)) : .character(UInt32(value)))
    }

    private static let mouseMasks = MouseMasks(
        press: UInt(kiosk_button1_pressed() | kiosk_button1_clicked()),
        scrollUp: UInt(kiosk_button4_pressed()),
        scrollDown: UInt(kiosk_button5_pressed())
    )

    private func attributes(_ style: Style) -> attr_t {
        var attributes = kiosk_a_normal()
        if style.bold { attributes |= kiosk_a_bold() }
        if style.underline { attributes |= kiosk_a_underline() }
        if style.reverse { attributes |= kiosk_a_reverse() }
        if style.dim { attributes |= kiosk_a_dim() }
        return attributes
    }

    /// Defines a pair the first time a combination of colours is drawn.
    private func pair(_ style: Style) -> Int32 {
        let allocation = colorPairs?.pair(foreground: style.foreground, background: style.background) { entry in
            // Curses takes each channel in thousandths.
            init_extended_color(entry.number, Int32(entry.red) * 1000 / 255, Int32(entry.green) * 1000 / 255,
                                Int32(entry.blue) * 1000 / 255)
        }
        guard let allocation else { return 0 }
        switch allocation {
        case let .existing(number):
            return number
        case let .new(number, foreground, background):
            return init_extended_pair(number, foreground, background) == OK ? number : 0
        }
    }
}
