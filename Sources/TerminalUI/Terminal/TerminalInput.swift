/// What one wait for input produced: a key, nothing within the timeout (time for the host's
/// timers and effects), the end of input (the terminal went away, after which reading on would
/// spin), or a signal the host must act on.
public enum TerminalInput: Sendable, Hashable {
    case key(Key)
    /// Bracketed-paste text: inserted into a text field, never read as shortcuts.
    case paste(String)
    case timedOut
    case ended
    /// SIGINT, SIGTERM or SIGHUP arrived: the host ends its loop so the terminal is restored on
    /// the way out, then exits with 128 + the signal.
    case signalled(Int32)
}
