/// Terminal-only state of the checkout screen: focus and scrolling.
public struct CheckoutUI: Equatable, Sendable {
    public init() {}
}
