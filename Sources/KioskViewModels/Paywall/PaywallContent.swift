import PaymentsCore

/// Everything the paywall shows once loaded, derived from the catalog and the account.
public struct PaywallContent: Hashable, Sendable {
    public var storeName: String
    public var headline: String
    public var planName: String
    public var featureHighlights: [String]
    public var packages: [PaywallPackage]
    /// The product of the account's active subscription, if any.
    public var subscribedProductID: String?
    /// The product the active subscription switches to at its renewal, if a change is scheduled.
    public var scheduledProductID: String?
    public var eligibleForIntroOffer: Bool
    /// The plan the account is on and what grants it (the core's one answer).
    public var plan: PlanStanding
    public var finePrint: [String]
    /// The catalog the content was made from, kept so a restore can name what came back.
    public var catalog: Catalog
    /// Lifetime unlocks the account has already bought: offered as owned, never for sale again.
    public var ownedProductIDs: Set<String> = []

    static let finePrintLines = [
        "Subscriptions renew automatically until cancelled. Cancel any time in Settings.",
        "Terms of Use: https://kiosk.example/terms",
        "Privacy Policy: https://kiosk.example/privacy",
    ]

    /// Nil when the catalog sells nothing: the paywall's empty state.
    static func make(_ data: PaywallData) -> PaywallContent? {
        let catalog = data.catalog
        let currency = data.account.currency
        let plan = catalog.featuredPlan
        let entitlementName = { (id: String?) in
            id.map { id in catalog.entitlements.first { $0.id == id }?.name ?? id }
        }
        var packages: [PaywallPackage] = []
        if let plan {
            for product in plan.products.sorted(by: { $0.period.approximateSeconds < $1.period.approximateSeconds }) {
                guard let price = catalog.price(base: product.price, overrides: product.prices, in: currency) else { continue }
                let equivalent = catalog.monthlyEquivalent(of: product, in: plan, currency: currency)
                let intro = product.intro.flatMap { offer -> String? in
                    guard data.eligibleForIntroOffer,
                          let introPrice = catalog.price(base: offer.price, overrides: offer.prices, in: currency) else { return nil }
                    return PriceWording.introOffer(offer, introPrice: introPrice, regular: price, every: product.period)
                }
                packages.append(PaywallPackage(
                    productID: product.id, kind: .subscription(period: product.period),
                    title: PriceWording.billingTitle(product.period),
                    price: price,
                    priceText: PriceWording.withMonthlyEquivalent(price, every: product.period, equivalent: equivalent),
                    introOfferText: intro, hasFreeTrial: intro != nil && product.intro?.type == .freeTrial,
                    entitlementName: entitlementName(plan.entitlement), monthlyEquivalent: equivalent))
            }
        }
        for product in catalog.products {
            guard let price = catalog.price(base: product.price, overrides: product.prices, in: currency) else { continue }
            let kind: PaywallPackage.Kind
            let title: String
            switch product.type {
            case .nonConsumable:
                kind = .lifetime
                title = "\(product.name) (lifetime)"
            case .consumable:
                let points = product.points ?? 0
                kind = .points(points)
                title = ProductWording.name(of: product)
            case .nonRenewing:
                let duration = product.duration ?? ISODuration()
                kind = .pass(duration)
                title = "\(product.name) (\(PriceWording.length(duration)))"
            }
            packages.append(PaywallPackage(productID: product.id, kind: kind, title: title, price: price,
                                           priceText: "\(price.formatted()) once", introOfferText: nil,
                                           hasFreeTrial: false, entitlementName: entitlementName(product.entitlement)))
        }
        guard !packages.isEmpty else { return nil }
        let active = data.subscriptions.first { $0.isActive }
        return PaywallContent(
            storeName: catalog.name,
            headline: plan?.tagline ?? "Get more with \(plan?.name ?? catalog.name)",
            planName: plan?.name ?? catalog.name,
            featureHighlights: plan.map { Self.highlights(of: $0, in: catalog) } ?? [],
            packages: packages,
            subscribedProductID: active?.productID,
            scheduledProductID: active?.pendingProductID,
            eligibleForIntroOffer: data.eligibleForIntroOffer,
            plan: PlanStanding.make(catalog: catalog, entitlements: data.entitlements),
            finePrint: finePrintLines,
            catalog: catalog,
            ownedProductIDs: Set(data.entitlements.compactMap { entitlement in
                if case let .nonConsumable(productID) = entitlement.source { return productID }
                return nil
            }))
    }

    /// Feature rows where the plan is better than free: "Projects per month: unlimited", "Export data".
    private static func highlights(of plan: Plan, in catalog: Catalog) -> [String] {
        catalog.features.compactMap { feature in
            guard let value = plan.features[feature.id], value != catalog.freePlan?.features[feature.id] else { return nil }
            switch value {
            case let .flag(on): return on ? feature.name : nil
            case .unlimited: return "\(feature.name): unlimited"
            case let .limit(count): return "\(feature.name): \(count)"
            case let .interval(duration): return "\(feature.name): every \(PriceWording.period(duration))"
            }
        }
    }
}
