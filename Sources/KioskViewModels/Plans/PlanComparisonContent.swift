import PaymentsCore

public struct PlanComparisonContent: Hashable, Sendable {
    public var columns: [PlanColumn]
    public var rows: [FeatureRow]
    /// The account's active subscription, the basis of every plan change.
    public var subscription: Subscription?
    public var currentPlanID: String?
    /// The plan the account is on and what grants it (the core's one answer).
    public var standing: PlanStanding

    static func make(_ data: PlanComparisonData, period: BillingPeriod) -> PlanComparisonContent? {
        let catalog = data.catalog
        let plans = catalog.plans.sorted { $0.rank < $1.rank }
        guard !plans.isEmpty else { return nil }
        let subscription = data.subscription
        let standing = PlanStanding.make(catalog: catalog, entitlements: data.entitlements)
        let columns = plans.map { plan in
            column(plan, period: period, catalog: catalog, currency: data.account.currency,
                   subscription: subscription, currentPlanID: standing.planID)
        }
        let rows = catalog.features.map { feature in
            FeatureRow(name: feature.name, values: plans.map { wording($0.features[feature.id]) })
        }
        return PlanComparisonContent(columns: columns, rows: rows, subscription: subscription, currentPlanID: standing.planID,
                                     standing: standing)
    }

    private static func column(_ plan: Plan, period: BillingPeriod, catalog: Catalog, currency: Currency,
                               subscription: Subscription?, currentPlanID: String?) -> PlanColumn {
        let product = plan.products.first { period.matches($0.period) }
        let price = product.flatMap { catalog.price(base: $0.price, overrides: $0.prices, in: currency) }
        let priceText: String = if let product, let price {
            PriceWording.withMonthlyEquivalent(price, every: product.period,
                                               equivalent: catalog.monthlyEquivalent(of: product, in: plan, currency: currency))
        } else if plan.products.isEmpty {
            "Free"
        } else {
            "Not offered \(period.rawValue)"
        }
        let isCurrent = plan.id == currentPlanID
        let action: PlanColumnAction
        // Plan changes are relative to the subscribed plan, even while its access is paused.
        if let subscription, let currentPlan = catalog.plan(id: subscription.planID) {
            if plan.products.isEmpty {
                action = .cancelToFree
            } else if product?.id == subscription.productID || (plan.id == currentPlan.id && product == nil) {
                action = .current
            } else if let product, product.id == subscription.pendingProductID {
                action = .scheduled
            } else if plan.rank > currentPlan.rank {
                action = .upgrade
            } else if plan.rank < currentPlan.rank {
                action = .downgrade
            } else {
                action = .crossgrade
            }
        } else {
            action = !plan.products.isEmpty ? .subscribe : (isCurrent ? .current : .included)
        }
        return PlanColumn(planID: plan.id, name: plan.name, rank: plan.rank, productID: product?.id,
                          priceText: priceText, isCurrent: isCurrent, action: action)
    }

    static func wording(_ value: FeatureValue?) -> String {
        switch value {
        case nil: "—"
        case .unlimited: "unlimited"
        case let .limit(count): "\(count)"
        case let .interval(duration): "every \(PriceWording.period(duration))"
        case let .flag(on): on ? "✓" : "—"
        }
    }
}

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

/// A row of the comparison: the feature's name and its value per column, worded
/// ("unlimited", "every hour", "✓", "—").
public struct FeatureRow: Hashable, Sendable {
    public var name: String
    public var values: [String]
}
