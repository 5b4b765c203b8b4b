/// A row of the comparison: the feature's name and its value per column, worded
/// ("unlimited", "every hour", "✓", "—").
public struct FeatureRow: Hashable, Sendable {
    public var name: String
    public var values: [String]
}
