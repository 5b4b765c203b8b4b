import CNCurses
import Glibc
import Synchronization

/// The signals that end the app, turned into a flag the app loop reads between two curses calls.
/// A handler that called curses itself could cut a screen update in half (and leave the
/// terminal in the alternate screen) when the signal lands mid-refresh. Ctrl-Z (SIGTSTP) is left
/// to curses' own handler, which ends the screen, stops, and repaints it all on resume.
enum TerminalSignals {
    /// SIGINT, SIGTERM or SIGHUP received and not yet acted on; 0 when none.
    static let pendingTermination = Atomic<Int32>(0)
    /// If the loop has not ended this long after a termination signal (it is stuck, or the app
    /// is not reading input), the alarm restores the terminal and exits from the handler.
    static let graceSeconds: UInt32 = 2

    /// The terminal's modes before curses started. Put back after endwin on every way out:
    /// curses' own copy can be overwritten when a job-control shell hands the terminal back
    /// after Ctrl-Z, and a shell left without echo is the one failure a person cannot miss.
    nonisolated(unsafe) private static var savedModes = termios()
    private static let hasSavedModes = Atomic<Bool>(false)

    /// Called before curses starts.
    static func saveModes() {
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
        savedModes = modes
        hasSavedModes.store(true, ordering: .releasing)
    }

    /// endwin, then the saved modes (tcsetattr is async-signal-safe, so handlers may call this).
    static func restoreTerminal() {
        endwin()
        guard hasSavedModes.load(ordering: .acquiring) else { return }
        var modes = savedModes
        tcsetattr(STDIN_FILENO, TCSADRAIN, &modes)
    }

    static func install() {
        atexit { TerminalSignals.restoreTerminal() }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                // A second signal means the first went unanswered: end now.
                guard TerminalSignals.pendingTermination.exchange(received, ordering: .relaxed) == 0 else {
                    TerminalSignals.restoreTerminal()
                    _exit(128 + received)
                }
                alarm(TerminalSignals.graceSeconds)
            }
        }
        signal(SIGALRM) { _ in
            TerminalSignals.restoreTerminal()
            _exit(128 + TerminalSignals.pendingTermination.load(ordering: .relaxed))
        }
    }
}
