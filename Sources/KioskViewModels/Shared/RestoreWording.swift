import PaymentsCore

/// What a restore gave back, in one sentence the paywall and settings both show: people want to
/// know which purchases came back ("Restored Pro Yearly and Theme pack."), not just that
/// something did.
public enum RestoreWording {
    /// More names than this and the sentence names the first and counts the rest, so it fits
    /// on one line of a narrow terminal.
    static let namedLimit = 3

    /// "Restored Pro Yearly.", "Restored Pro Yearly and Theme pack.", "Restored A, B and C.",
    /// "Restored Pro Yearly and 3 more purchases." or "No purchases to restore.".
    public static func summary(_ restored: RestoreResult, catalog: Catalog?) -> String {
        let names = (restored.subscriptions.map(\.productID) + (restored.nonConsumables + restored.passes).map(\.productID))
            .map { ProductWording.name($0, in: catalog) }
        guard let first = names.first else { return "No purchases to restore." }
        if names.count > namedLimit {
            let more = names.count - 1
            return "Restored \(first) and \(CountWording.of(more, "more purchase"))."
        }
        if names.count == 1 { return "Restored \(first)." }
        return "Restored \(names.dropLast().joined(separator: ", ")) and \(names[names.count - 1])."
    }
}

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
