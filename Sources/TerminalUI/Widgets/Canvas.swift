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

/// Anything that draws itself into a region of a buffer. Widgets are values built fresh each
/// frame from state, and they never draw outside `area`.
public protocol Widget: Sendable {
    func render(in area: Rect, buffer: inout Buffer)
}

/// A clickable area of a frame and what a click there does (`Action` is the app's action type).
public struct HitRegion<Action: Sendable & Equatable>: Sendable, Equatable {
    public var rect: Rect
    public var action: Action

    public init(_ rect: Rect, _ action: Action) {
        self.rect = rect
        self.action = action
    }
}

/// What a frame drew where, recorded while it was rendered: its click regions and its scrolling
/// column. The host keeps the last painted frame's layout and resolves mouse events against it,
/// so a click hits what the person saw, without drawing the frame again to find out.
public struct FrameLayout<Action: Sendable & Equatable>: Sendable, Equatable {
    /// Later regions are drawn on top of earlier ones, so lookups search from the end.
    public var hits: [HitRegion<Action>] = []
    /// The screen's scrolling column as drawn, for paging keys and the wheel.
    public var scrollView: LineScrollView?

    public init(hits: [HitRegion<Action>] = [], scrollView: LineScrollView? = nil) {
        self.hits = hits
        self.scrollView = scrollView
    }

    /// What a click at `point` does: the topmost region there, if any.
    public func action(at point: Point) -> Action? {
        hits.last { $0.rect.contains(point) }?.action
    }
}
