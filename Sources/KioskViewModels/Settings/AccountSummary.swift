import PaymentsCore

/// The account card at the top of settings.
public struct AccountSummary: Hashable, Sendable {
    public var name: String
    public var email: String
    public var customerID: String
    /// A paid plan's entitlement is active: the screen shows a "Premium" badge.
    public var isPremium: Bool
    public var pointsBalance: Int64

    static func make(_ account: Account, entitlements: [Entitlement], catalog: Catalog?) -> AccountSummary {
        let planEntitlements = Set(catalog?.plans.compactMap(\.entitlement) ?? [])
        return AccountSummary(name: account.name, email: account.email, customerID: account.id,
                              isPremium: entitlements.contains { planEntitlements.contains($0.id) },
                              pointsBalance: account.pointsBalance)
    }
}
