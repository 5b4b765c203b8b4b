/// Terminal-only state of the plans screen: focus and scrolling.
public struct PlansUI: Equatable, Sendable {
    public init() {}
}
