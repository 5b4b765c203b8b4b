import TerminalUI

/// What the host loop drives: the storefront (`TerminalApp`), a demo's waits between cues, a
/// recording. It says when it is done, when and how to paint, and how long a wait for input may
/// last; the loop owns the rest (reading input, resize and Ctrl-L, ending on a closed terminal or
/// a signal), so every host treats the terminal the same way.
@MainActor
public protocol HostedScreen {
    /// Checked before each turn: true ends the loop with `.quit`.
    var isDone: Bool { get }
    /// Whether to paint before waiting for input.
    var wantsPaint: Bool { get }
    func paint(on terminal: any TerminalBackend)
    /// The longest wait for input this turn, in milliseconds (effects and `wake` end it early).
    func inputWait(on terminal: any TerminalBackend) -> Int32
    /// The terminal changed size; its last frame is already forgotten and the loop paints anew.
    func resized(to size: Size) async
    func handle(_ key: Key) async
    func paste(_ text: String) async
    /// After each turn, input or not: timers, clocks.
    func turnEnded() async
}

/// The one host loop: `kiosk run`, each SSH session, `kiosk demo` and `kiosk qa record` all run
/// their screen through it.
@MainActor
public enum HostLoop {
    /// Runs turns until `screen.isDone` (`.quit`), the terminal goes away or a signal arrives.
    public static func run(_ screen: some HostedScreen, on terminal: any TerminalBackend) async -> TerminalApp.Ending {
        // The terminal forgot its frame (a resize, Ctrl-L): paint whether or not the screen changed.
        var forgotten = true
        while !screen.isDone {
            if forgotten || screen.wantsPaint {
                screen.paint(on: terminal)
                forgotten = false
            }
            switch await terminal.nextInput(timeout: screen.inputWait(on: terminal)) {
            case .ended: return .inputEnded
            case let .signalled(signal): return .signalled(signal)
            case .timedOut: break
            case .key(.resize):
                terminal.invalidate()
                forgotten = true
                await screen.resized(to: terminal.size)
            case .key(.control("l")):
                terminal.invalidate()
                forgotten = true
            case let .key(key): await screen.handle(key)
            case let .paste(text): await screen.paste(text)
            }
            await screen.turnEnded()
            // Lets the effects' actions, queued on the main actor meanwhile, be reduced.
            await Task.yield()
        }
        return .quit
    }
}
