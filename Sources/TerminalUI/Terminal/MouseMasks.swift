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
