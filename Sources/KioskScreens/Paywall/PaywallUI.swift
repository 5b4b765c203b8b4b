/// Terminal-only state of the paywall screen: focus and scrolling.
public struct PaywallUI: Equatable, Sendable {
    public init() {}
}
