/// What a host loop needs from a terminal: its size, a way to paint a frame's diff, a way to
/// forget the painted frame, and input. ncurses is the local backend (one per process);
/// `ByteStreamTerminal` is the one for byte streams such as SSH channels (many per process).
///
/// All calls come from the host loop's actor. `nextInput(timeout:)` suspends; a byte-stream
/// backend never blocks the actor while it waits, so many sessions can share one actor.
public protocol TerminalBackend: AnyObject {
    /// The size frames must have; a change is reported as `Key.resize` first.
    var size: Size { get }
    /// Paints what changed since the last frame and places the cursor (hidden when nil).
    func present(_ buffer: Buffer, cursor: Point?)
    /// Forgets the last frame so the next `present` repaints everything (Ctrl-L, resize, theme).
    func invalidate()
    /// The next input, or `.timedOut` after at most `timeout` milliseconds or as soon as
    /// `wake()` is called.
    nonisolated(nonsending) func nextInput(timeout: Int32) async -> TerminalInput
    /// Ends a pending `nextInput` early with `.timedOut`. Safe from any thread: effects call it
    /// when they hand an action back.
    var wake: @Sendable () -> Void { get }
    /// How long the host may wait for input when nothing is due (effects wake it early).
    var idleWait: Int32 { get }
}

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

/// What `wget_wch` returned: a character, or a key code when it reported `KEY_CODE_YES`.
public enum RawInput: Sendable, Hashable {
    case character(UInt32)
    case keyCode(Int32)
}
