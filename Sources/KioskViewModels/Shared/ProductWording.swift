import PaymentsCore

/// A product as people read it ("Pro Yearly", "Starter points (500 points)"), never its catalog
/// id, worded in one place so every screen names it the same (issue 41, item 12: the paywall said
/// "500 points" where checkout said "Starter points").
public enum ProductWording {
    /// The product's name, or its id when the catalog no longer sells it (an old purchase). A
    /// points pack keeps its catalog name and says how many points it credits.
    public static func name(_ productID: String, in catalog: Catalog?) -> String {
        switch catalog?.product(id: productID) {
        case let .subscription(plan, subscription)?: "\(plan.name) \(PriceWording.billingTitle(subscription.period))"
        case let .oneTime(item)?: name(of: item)
        case nil: productID
        }
    }

    /// "Theme pack", "Starter points (500 points)".
    public static func name(of item: OneTimeProduct) -> String {
        guard item.type == .consumable, let points = item.points else { return item.name }
        return "\(item.name) (\(CountWording.of(points, "point")))"
    }
}
