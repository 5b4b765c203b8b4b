import TerminalUI

/// A clickable area of the last frame and what a click there does. Mouse input is resolved by
/// rendering the state again and looking the point up, so clicks need no state of their own.
public struct HitRegion: Sendable, Equatable {
    public var rect: Rect
    public var action: TerminalAction

    public init(_ rect: Rect, _ action: TerminalAction) {
        self.rect = rect
        self.action = action
    }
}
