import PaymentsCore

/// The account card at the top of settings.
public struct AccountSummary: Hashable, Sendable {
    public var name: String
    public var email: String
    public var customerID: String
    /// The plan the account is on and what grants it (the core's one answer).
    public var plan: PlanStanding
    public var pointsBalance: Int64
    /// Money kept for the account's next charges (taken before the card), in its currency.
    public var creditBalance: Money

    /// "$17.12" when the account has a balance to spend; nil when it has none.
    public var creditBalanceText: String? { creditBalance.minorUnits > 0 ? creditBalance.formatted() : nil }

    /// A paid plan's access is active: the screen shows the plan in the success colour.
    public var isPremium: Bool { plan.basis != .free }

    /// "Pro from Season pass, until Apr 1, 2026", worded as on every other screen.
    public var planText: String { PlanStandingWording.standing(plan) }

    static func make(_ account: Account, entitlements: [Entitlement], catalog: Catalog?) -> AccountSummary {
        let plan = catalog.map { PlanStanding.make(catalog: $0, entitlements: entitlements) }
            ?? PlanStanding(planID: nil, planName: "Free", basis: .free)
        return AccountSummary(name: account.name, email: account.email, customerID: account.id, plan: plan,
                              pointsBalance: account.pointsBalance,
                              creditBalance: Money(minorUnits: account.creditBalance, currency: account.currency))
    }
}
