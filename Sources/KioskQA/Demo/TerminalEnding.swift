/// How a QA terminal session (the demo, a recording) ended.
public enum TerminalEnding: Sendable, Hashable {
    /// The viewer quit.
    case quit
    /// The terminal went away (closed pty): nobody is left to answer.
    case inputEnded
}
