/// A clickable area of a frame and what a click there does (`Action` is the app's action type).
public struct HitRegion<Action: Sendable & Equatable>: Sendable, Equatable {
    public var rect: Rect
    public var action: Action

    public init(_ rect: Rect, _ action: Action) {
        self.rect = rect
        self.action = action
    }
}
