import PaymentsCore

/// One plan in the comparison, for the billing period currently switched on.
public struct PlanColumn: Hashable, Sendable {
    public var planID: String
    public var name: String
    public var rank: Int
    /// The product sold for the chosen period; nil for Free or when the plan lacks that period.
    public var productID: String?
    /// "$99.99/year, that's $8.33/month, save 17%", "Free".
    public var priceText: String
    public var isCurrent: Bool
    public var action: PlanColumnAction
}
