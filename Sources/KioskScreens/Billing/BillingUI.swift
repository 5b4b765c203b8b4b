/// Terminal-only state of the billing screen: focus and scrolling.
public struct BillingUI: Equatable, Sendable {
    public init() {}
}
