import Foundation

/// The one answer to "what plan am I on?": the plan whose features apply and what grants it.
///
/// Every screen and `kiosk status` word this value, never their own reading of subscriptions
/// or entitlements, so a refund, a pass or a lapsed renewal reads the same everywhere.
public struct PlanStanding: Hashable, Sendable, Codable {
    /// What gives the account its plan.
    public enum Basis: Hashable, Sendable, Codable {
        /// No paid access: the catalog's free plan (or no plan, when it has none).
        case free
        /// A subscription with access (subscribed or in a grace period).
        case subscription(productID: String, state: RenewalState, willRenew: Bool, until: Date?)
        /// A non-renewing pass granting the plan's entitlement until a date.
        case pass(productID: String, productName: String, until: Date?)
        /// A lifetime purchase granting the plan's entitlement.
        case unlock(productID: String, productName: String)
    }

    /// Nil only when the account has no access and the catalog has no free plan.
    public var planID: String?
    public var planName: String
    public var basis: Basis

    public init(planID: String?, planName: String, basis: Basis) {
        self.planID = planID
        self.planName = planName
        self.basis = basis
    }

    /// The product that grants the plan; nil on the free plan.
    public var grantingProductID: String? {
        switch basis {
        case .free: nil
        case let .subscription(productID, _, _, _), let .pass(productID, _, _), let .unlock(productID, _): productID
        }
    }

    /// The best plan subscribed to with access; else, for access from a pass or unlock, the
    /// most modest plan granting that entitlement (a season pass of "premium" is worth Pro, not
    /// the top tier); else the free plan.
    public static func make(catalog: Catalog, entitlements: [Entitlement]) -> PlanStanding {
        var best: (plan: Plan, basis: Basis)?
        for entitlement in entitlements {
            guard case let .subscription(_, productID, state) = entitlement.source,
                  case let .subscription(plan, _)? = catalog.product(id: productID) else { continue }
            if best.map({ plan.rank > $0.plan.rank }) ?? true {
                best = (plan, .subscription(productID: productID, state: state, willRenew: entitlement.willRenew,
                                            until: entitlement.expiresAt))
            }
        }
        if let best { return PlanStanding(planID: best.plan.id, planName: best.plan.name, basis: best.basis) }
        for plan in catalog.plans.sorted(by: { $0.rank < $1.rank }) {
            guard let granted = plan.entitlement,
                  let entitlement = entitlements.first(where: { $0.id == granted }) else { continue }
            switch entitlement.source {
            case let .nonRenewing(productID):
                return PlanStanding(planID: plan.id, planName: plan.name,
                                    basis: .pass(productID: productID, productName: name(productID, catalog),
                                                 until: entitlement.expiresAt))
            case let .nonConsumable(productID):
                return PlanStanding(planID: plan.id, planName: plan.name,
                                    basis: .unlock(productID: productID, productName: name(productID, catalog)))
            case .subscription:
                continue
            }
        }
        let free = catalog.freePlan
        return PlanStanding(planID: free?.id, planName: free?.name ?? "No plan", basis: .free)
    }

    private static func name(_ productID: String, _ catalog: Catalog) -> String {
        catalog.products.first { $0.id == productID }?.name ?? productID
    }
}
