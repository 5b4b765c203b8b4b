import CNCurses
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Synchronization

/// The signals that end the app, turned into a flag the app loop reads between two curses calls.
/// A handler that called curses itself could cut a screen update in half (and leave the
/// terminal in the alternate screen) when the signal lands mid-refresh. Ctrl-Z (SIGTSTP) is a flag
/// too: the loop gives the terminal back and stops itself between two curses calls, which curses'
/// own handler (endwin from signal context) could not promise.
enum TerminalSignals {
    /// SIGINT, SIGTERM or SIGHUP received and not yet acted on; 0 when none.
    static let pendingTermination = Atomic<Int32>(0)
    /// Ctrl-Z (SIGTSTP) received and not yet acted on.
    static let pendingSuspend = Atomic<Bool>(false)
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

    /// Curses owns the terminal: set when it starts (or resumes after Ctrl-Z), cleared by the
    /// first restore. A second restore (the deferred one, then the exit handler) would leave the
    /// alternate screen again, and that second exit moves the cursor back up, so the shell prompt
    /// overwrote whatever the command printed after the storefront closed.
    static let isCursesActive = Atomic<Bool>(false)

    /// endwin, then the saved modes (tcsetattr is async-signal-safe, so handlers may call this);
    /// once per time curses started.
    static func restoreTerminal() {
        guard isCursesActive.exchange(false, ordering: .acquiringAndReleasing) else { return }
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
        installSuspendHandler()
        signal(SIGCONT) { _ in TerminalSignals.resumed.store(true, ordering: .relaxed) }
        signal(SIGALRM) { _ in
            TerminalSignals.restoreTerminal()
            _exit(128 + TerminalSignals.pendingTermination.load(ordering: .relaxed))
        }
    }

    /// Replaces curses' SIGTSTP handler (installed by initscr) with the flag.
    static func installSuspendHandler() {
        signal(SIGTSTP) { _ in TerminalSignals.pendingSuspend.store(true, ordering: .relaxed) }
    }

    /// Set by SIGCONT: the shell resumed the process (`fg`).
    static let resumed = Atomic<Bool>(false)

    /// Gives the terminal back to the shell and stops the job, as the terminal's own Ctrl-Z would
    /// (every process of the process group, so the shell sees the job stopped); returns once the
    /// shell resumes it (`fg`). The stop is SIGSTOP, which no handler can take: a SIGTSTP lands on
    /// whichever thread does not block it, possibly after the handler is back. The signal is
    /// asynchronous, so the wait is for SIGCONT, not for `kill` to return. Without a job-control
    /// shell (the process group is the session's own) nobody could resume the job: no stop.
    static func stopUntilResumed() {
        guard getpgrp() != getsid(0) else { return }
        restoreTerminal()
        resumed.store(false, ordering: .relaxed)
        kill(0, SIGSTOP)
        while !resumed.load(ordering: .relaxed) { usleep(1_000) }
        isCursesActive.store(true, ordering: .releasing)
    }

    /// Clears the terminal's suspend character for curses mode, so Ctrl-Z reaches `nextKey` as a
    /// key; curses keeps this as its program mode and endwin gives the shell its own modes back.
    static func readSuspendKeyAsInput() {
        var modes = termios()
        guard tcgetattr(STDIN_FILENO, &modes) == 0 else { return }
        withUnsafeMutableBytes(of: &modes.c_cc) { characters in
            characters[Int(VSUSP)] = 0  // _POSIX_VDISABLE on Linux
        }
        tcsetattr(STDIN_FILENO, TCSANOW, &modes)
        def_prog_mode()
    }
}
