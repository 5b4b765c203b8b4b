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
