/// A mouse action at a cell: enough for clicking rows and tabs and scrolling lists.
public struct MouseEvent: Sendable, Hashable {
    public enum Action: Sendable, Hashable {
        case press, scrollUp, scrollDown
    }

    public var action: Action
    public var position: Point

    public init(action: Action, position: Point) {
        self.action = action
        self.position = position
    }
}

/// The curses button bits a mouse decoder needs.
public struct MouseMasks: Sendable, Hashable {
    public var press: UInt
    public var scrollUp: UInt
    public var scrollDown: UInt

    public init(press: UInt, scrollUp: UInt, scrollDown: UInt) {
        self.press = press
        self.scrollUp = scrollUp
        self.scrollDown = scrollDown
    }
}
