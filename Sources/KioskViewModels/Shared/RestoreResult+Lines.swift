import PaymentsCore

extension RestoreResult {
    /// Nothing came back: the screens say so instead of listing.
    public var isEmpty: Bool { subscriptions.isEmpty && nonConsumables.isEmpty && passes.isEmpty }

    /// One line per restored item, as the settings screen lists them: "pro.monthly: active, renews Feb 1, 2026".
    public var lines: [String] {
        subscriptions.map { subscription in
            let when = subscription.willAutoRenew ? "renews" : "ends"
            return "\(subscription.productID): \(subscription.renewalState.plainWords), \(when) \(DateWording.day(subscription.expiresAt))"
        } + (nonConsumables + passes).map { purchase in
            let status = purchase.isActive ? "active" : "inactive"
            return "\(purchase.productID): \(status)" + (purchase.expiresAt.map { ", until \(DateWording.day($0))" } ?? "")
        }
    }
}
