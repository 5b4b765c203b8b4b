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

    static func install() {
        atexit { endwin() }
        for signalNumber in [SIGINT, SIGTERM, SIGHUP] {
            signal(signalNumber) { received in
                // A second signal means the first went unanswered: end now.
                guard TerminalSignals.pendingTermination.exchange(received, ordering: .relaxed) == 0 else {
                    endwin()
                    _exit(128 + received)
                }
                alarm(TerminalSignals.graceSeconds)
            }
        }
        signal(SIGALRM) { _ in
            endwin()
            _exit(128 + TerminalSignals.pendingTermination.load(ordering: .relaxed))
        }
    }
}
