import KioskAPI
import PaymentsCore

extension Components.Schemas.Offerings {
    /// The catalog as `currency` sees it: whatever has no price in that currency is not offered.
    init(_ catalog: Catalog, currency: Currency) {
        let plans: [PlansPayloadPayload] = catalog.plans.sorted { $0.rank < $1.rank }.map { plan in
            .init(id: plan.id, name: plan.name, rank: plan.rank, tagline: plan.tagline, entitlement: plan.entitlement,
                  products: plan.products.compactMap { Components.Schemas.SubscriptionOffering($0, in: catalog, currency: currency) })
        }
        let products: [Components.Schemas.OneTimeOffering] = catalog.products.compactMap { product in
            guard let price = catalog.price(base: product.price, overrides: product.prices, in: currency) else { return nil }
            let type: Components.Schemas.OneTimeOffering._TypePayload = switch product.type {
            case .consumable: .consumable
            case .nonConsumable: .nonConsumable
            case .nonRenewing: .nonRenewing
            }
            return .init(id: product.id, _type: type, name: product.name, price: .init(price), points: product.points,
                         duration: product.duration?.description, entitlement: product.entitlement)
        }
        self.init(storeName: catalog.name, currency: currency.code, featuredProductId: catalog.featuredProduct?.id,
                  plans: plans, products: products)
    }
}

extension Components.Schemas.SubscriptionOffering {
    init?(_ product: SubscriptionProduct, in catalog: Catalog, currency: Currency) {
        guard let price = catalog.price(base: product.price, overrides: product.prices, in: currency) else { return nil }
        var intro: IntroOfferPayload?
        if let offer = product.intro, let introPrice = catalog.price(base: offer.price, overrides: offer.prices, in: currency) {
            let type: IntroOfferPayload._TypePayload = switch offer.type {
            case .freeTrial: .freeTrial
            case .payUpFront: .payUpFront
            case .payAsYouGo: .payAsYouGo
            }
            intro = .init(_type: type, period: offer.period.description, price: .init(introPrice), periods: offer.periods)
        }
        self.init(id: product.id, period: product.period.description, price: .init(price), introOffer: intro)
    }
}
