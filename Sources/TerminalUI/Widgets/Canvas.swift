/// One rendered frame: the cells, where the text cursor goes, and beside them the layout (what
/// clicks do, where the scrolling column is), recorded by the widgets as they draw.
public struct Canvas<Action: Sendable & Equatable>: Sendable {
    public var buffer: Buffer
    /// The blinking cursor in the focused text field; hidden when nil.
    public var cursor: Point?
    public var layout = FrameLayout<Action>()

    public init(size: Size) {
        buffer = Buffer(size: size)
    }

    public var scrollView: LineScrollView? {
        get { layout.scrollView }
        set { layout.scrollView = newValue }
    }

    public mutating func addHit(_ rect: Rect, _ action: Action) {
        layout.hits.append(HitRegion(rect, action))
    }

    public func action(at point: Point) -> Action? {
        layout.action(at: point)
    }
}
