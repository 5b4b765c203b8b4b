import Foundation
import KioskViewModels
import TerminalUI

public enum TerminalAction: Equatable, Sendable {
    /// A key or mouse event from the terminal (mouse events arrive as `Key.mouse`).
    case key(Key)
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
}
