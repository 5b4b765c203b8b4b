import Foundation
import KioskViewModels
import TerminalUI

public enum TerminalAction: Equatable, Sendable {
    /// A key with no painted frame to act on (a script's key, a click's key): paging keys have
    /// no page to move, and a mouse event's wheel moves like the arrow keys and its click does nothing.
    case key(Key)
    /// A key or mouse event with the layout of the frame the host last painted: the reducer
    /// never draws a frame. The scroll position and a page are the ones the person sees, a
    /// click does what the region under it says and the wheel scrolls the column drawn under it.
    case input(Key, over: FrameLayout<TerminalAction>)
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

    /// A bare key as a host that paints would hand it on: over the frame `state` draws. Drivers
    /// that paint nothing (the QA runner, tests) send keys through it, so they act as typed ones.
    public func overFrame(of state: TerminalState, context: RenderContext) -> TerminalAction {
        switch self {
        case .key(.mouse): self
        case let .key(key): .input(key, over: AppView.render(state, context: context).layout)
        default: self
        }
    }
}
