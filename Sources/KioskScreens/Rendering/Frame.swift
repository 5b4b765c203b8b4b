import TerminalUI

/// One painted screen: the cells, where the text cursor goes, and what clicks do.
public struct Frame: Sendable {
    public var buffer: Buffer
    /// The blinking cursor in the focused text field; hidden when nil.
    public var cursor: Point?
    /// Later regions are drawn on top of earlier ones, so lookups search from the end.
    public var hits: [HitRegion] = []
    /// The screen's scrolling form as drawn, for paging keys and the wheel.
    public var scrollView: LineScrollView?

    public init(size: Size) {
        buffer = Buffer(size: size)
    }

    public mutating func addHit(_ rect: Rect, _ action: TerminalAction) {
        hits.append(HitRegion(rect, action))
    }

    public func action(at point: Point) -> TerminalAction? {
        hits.last { $0.rect.contains(point) }?.action
    }
}
