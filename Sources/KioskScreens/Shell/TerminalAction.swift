import Foundation
import KioskViewModels
import TerminalUI

public enum TerminalAction: Equatable, Sendable {
    /// A key from the terminal. A mouse event sent as a key has no frame to be resolved against:
    /// its wheel moves like the arrow keys and its click does nothing (hosts send `input`).
    case key(Key)
    /// A mouse event with the layout of the frame the host last painted: a click does what the
    /// region under it says and the wheel scrolls the column drawn under it, so a click draws
    /// no frame to find out what the person pointed at. (Keys still do: after each one the
    /// reducer renders to keep the scroll position, see `TerminalState.rememberScroll`.)
    case pointer(MouseEvent, FrameLayout<TerminalAction>)
    /// The terminal changed size: a message like any other, so layout is a function of state.
    case resized(Size)
    /// Bracketed-paste text: typed into the focused text field, ignored elsewhere, so pasted
    /// letters never act as shortcuts (a pasted `q` does not quit).
    case paste(String)
    /// The host's timer: the clock's time for elapsed-time displays and timeouts.
    case clockTicked(Date)
    /// A click on a text field or choice: focus moves to that control of the screen on top.
    case focus(String)
    case app(AppAction)

    /// A key as a host that paints hands it on: a mouse event resolved against `layout`, the
    /// layout of the frame it last painted.
    public static func input(_ key: Key, over layout: FrameLayout<TerminalAction>) -> TerminalAction {
        if case let .mouse(event) = key { .pointer(event, layout) } else { .key(key) }
    }
}
