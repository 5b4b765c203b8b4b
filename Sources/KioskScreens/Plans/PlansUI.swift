/// Terminal-only state of the plans screen: how far the feature rows are scrolled.
public struct PlansUI: Equatable, Sendable {
    /// The first feature row shown, when the table is taller than the screen.
    public var rowOffset = 0

    public init() {}
}
