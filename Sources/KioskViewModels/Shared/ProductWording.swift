import PaymentsCore

/// A product as people read it ("Pro Yearly", "1000 points"), never its catalog id, worded in one
/// place so every screen names it the same.
public enum ProductWording {
    /// The product's name, or its id when the catalog no longer sells it (an old purchase).
    public static func name(_ productID: String, in catalog: Catalog?) -> String {
        switch catalog?.product(id: productID) {
        case let .subscription(plan, subscription)?: "\(plan.name) \(PriceWording.billingTitle(subscription.period))"
        case let .oneTime(item)?: item.name
        case nil: productID
        }
    }
}
