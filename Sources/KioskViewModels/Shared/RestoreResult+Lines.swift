import PaymentsCore

extension RestoreResult {
    /// Nothing came back: the screens say so instead of listing.
    public var isEmpty: Bool { subscriptions.isEmpty && nonConsumables.isEmpty && passes.isEmpty }

    /// One line per restored item, as the settings screen lists them, by display name:
    /// "Pro Monthly: active, renews Feb 1, 2026".
    public func lines(catalog: Catalog?) -> [String] {
        subscriptions.map { subscription in
            let when = subscription.willAutoRenew ? "renews" : "ends"
            return "\(ProductWording.name(subscription.productID, in: catalog)): \(subscription.renewalState.plainWords), "
                + "\(when) \(DateWording.day(subscription.expiresAt))"
        } + (nonConsumables + passes).map { purchase in
            let status = purchase.isActive ? "active" : "inactive"
            return "\(ProductWording.name(purchase.productID, in: catalog)): \(status)"
                + (purchase.expiresAt.map { ", until \(DateWording.day($0))" } ?? "")
        }
    }
}
