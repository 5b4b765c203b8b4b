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
