/// What one wait for input produced: a key, nothing within the timeout (time for the host's
/// timers and effects), or the end of input (the terminal went away), after which reading on
/// would spin.
public enum TerminalInput: Sendable, Hashable {
    case key(Key)
    case timedOut
    case ended
}
