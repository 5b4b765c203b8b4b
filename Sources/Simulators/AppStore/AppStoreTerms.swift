import Foundation
import PaymentsCore

/// A period the App Store bills: the product, the kind of period (a free trial, an introductory
/// price, the regular one), where it sits in its series (so monthly periods never drift), what it
/// costs the store account, and the offer that priced it, as the transaction names it. App Store
/// Connect's price list is the catalog; there is no merchant balance on the App Store's side.
struct AppStoreTerms {
    var plan: Plan
    var product: SubscriptionProduct
    var periodType: PeriodType
    var introPeriodsLeft: Int
    /// The offer code still discounting later periods, and how many.
    var offerCode: String?
    var offerPeriodsLeft: Int
    var seriesAnchor: Date
    var seriesIndex: Int
    var start: Date
    var end: Date
    var price: Money
    var offerType: TransactionOfferType?
    var offer: TransactionOffer

    /// The first period of a new subscription: the introductory offer for a customer eligible
    /// for one, and an offer code's discount when it takes something off today (one used on a
    /// free trial keeps all its periods for the renewals).
    static func first(plan: Plan, product: SubscriptionProduct, currency: Currency, introductory: Bool, code: OfferCode?,
                      catalog: Catalog, at now: Date) throws -> AppStoreTerms {
        var terms: AppStoreTerms
        if introductory, let intro = product.intro {
            let price = intro.type == .freeTrial ? Money.zero(currency) : try Self.price(intro.price, intro.prices, product, currency, catalog)
            terms = AppStoreTerms(
                plan: plan, product: product, periodType: intro.type == .freeTrial ? .trial : .intro,
                introPeriodsLeft: intro.type == .payAsYouGo ? max(intro.periods - 1, 0) : 0, offerCode: nil, offerPeriodsLeft: 0,
                seriesAnchor: now, seriesIndex: 0, start: now, end: try intro.period.advance(now), price: price,
                offerType: .introductory, offer: TransactionOffer(introductory: intro))
        } else {
            terms = AppStoreTerms(
                plan: plan, product: product, periodType: .normal, introPeriodsLeft: 0, offerCode: nil, offerPeriodsLeft: 0,
                seriesAnchor: now, seriesIndex: 0, start: now, end: try product.period.advance(now),
                price: try Self.price(product.price, product.prices, product, currency, catalog), offerType: nil,
                offer: TransactionOffer())
        }
        if let code {
            terms.offerCode = code.code
            terms.offerPeriodsLeft = code.periods
            if terms.price.minorUnits > 0, let off = catalog.discount(code, on: terms.price), !off.isZero {
                terms.price = try terms.price.subtracting(off)
                terms.offerPeriodsLeft = max(code.periods - 1, 0)
                if terms.offerType == nil {
                    terms.offerType = .offerCode
                    terms.offer = TransactionOffer(code: code, period: product.period)
                }
            }
            if terms.offerPeriodsLeft == 0 { terms.offerCode = nil }
        }
        return terms
    }

    /// The period after the subscription's current one, starting at `start`: the pending product
    /// if a downgrade or crossgrade waits, the next introductory period, the consented price, an
    /// offer code's next discounted period. `restartSeries` starts a new series there (recovery
    /// from billing retry moves the renewal date); a product switch or the end of an intro does
    /// so anyway. Nil when the product is no longer sold (gone from the catalog, or not in the
    /// subscription's currency).
    static func renewal(of subscription: AppStoreSubscription, catalog: Catalog, start: Date,
                        restartSeries: Bool) throws -> AppStoreTerms? {
        let productID = subscription.pendingProductID ?? subscription.productID
        guard case let .subscription(plan, product)? = catalog.product(id: productID),
              let currency = Currency(code: subscription.currency) else { return nil }
        let switching = productID != subscription.productID
        var periodType = PeriodType.normal
        var introLeft = 0
        var period = product.period
        var price: Money
        var offerType: TransactionOfferType?
        var offer = TransactionOffer()
        if !switching, subscription.periodType == .intro, subscription.introPeriodsLeft > 0, let intro = product.intro,
           intro.type == .payAsYouGo {
            guard let introPrice = catalog.price(base: intro.price, overrides: intro.prices, in: currency) else { return nil }
            periodType = .intro
            introLeft = subscription.introPeriodsLeft - 1
            period = intro.period
            price = introPrice
            offerType = .introductory
            offer = TransactionOffer(introductory: intro)
        } else {
            guard let regular = catalog.price(base: product.price, overrides: product.prices, in: currency) else { return nil }
            price = regular
            if !switching, let override = subscription.priceOverride { price = Money(minorUnits: override, currency: currency) }
        }
        let restart = restartSeries || switching || periodType != subscription.periodType
        let anchor = restart ? start : subscription.seriesAnchor
        let index = restart ? 0 : subscription.seriesIndex + 1
        var terms = AppStoreTerms(
            plan: plan, product: product, periodType: periodType, introPeriodsLeft: introLeft, offerCode: nil, offerPeriodsLeft: 0,
            seriesAnchor: anchor, seriesIndex: index, start: start, end: try period.advance(anchor, times: index + 1),
            price: price, offerType: offerType, offer: offer)
        if subscription.offerPeriodsLeft > 0, let code = subscription.offerCode.flatMap(catalog.offerCode),
           code.products.contains(product.id), let off = catalog.discount(code, on: price), !off.isZero {
            terms.price = try price.subtracting(off)
            terms.offerPeriodsLeft = subscription.offerPeriodsLeft - 1
            terms.offerCode = terms.offerPeriodsLeft > 0 ? code.code : nil
            if offerType == nil {
                terms.offerType = .offerCode
                terms.offer = TransactionOffer(code: code, period: product.period)
            }
        }
        return terms
    }

    /// The list price of the next renewal (a consented price stays with its product); nil when
    /// the product is no longer sold in the subscription's currency.
    static func renewalPrice(of subscription: AppStoreSubscription, catalog: Catalog) -> Money? {
        let productID = subscription.pendingProductID ?? subscription.productID
        guard case let .subscription(_, product)? = catalog.product(id: productID),
              let currency = Currency(code: subscription.currency) else { return nil }
        if productID == subscription.productID, let override = subscription.priceOverride {
            return Money(minorUnits: override, currency: currency)
        }
        return catalog.price(base: product.price, overrides: product.prices, in: currency)
    }

    private static func price(_ base: Int64, _ overrides: [String: Int64], _ product: SubscriptionProduct, _ currency: Currency,
                              _ catalog: Catalog) throws -> Money {
        guard let price = catalog.price(base: base, overrides: overrides, in: currency) else {
            throw PaymentsError.productNotSoldInCurrency(productID: product.id, currency: currency.code)
        }
        return price
    }

    /// The subscription moved into this period, its billing issue (if any) over.
    func apply(to subscription: inout AppStoreSubscription, transactionID: String) {
        if product.id != subscription.productID { subscription.priceOverride = nil }
        subscription.productID = product.id
        subscription.pendingProductID = nil
        subscription.periodType = periodType
        subscription.introPeriodsLeft = introPeriodsLeft
        subscription.offerCode = offerCode
        subscription.offerPeriodsLeft = offerPeriodsLeft
        subscription.seriesAnchor = seriesAnchor
        subscription.seriesIndex = seriesIndex
        subscription.periodStart = start
        subscription.periodEnd = end
        subscription.state = .subscribed
        subscription.billingIssueAt = nil
        subscription.graceEndsAt = nil
        subscription.retryEndsAt = nil
        subscription.nextRetryAt = nil
        subscription.retryIndex = 0
        subscription.latestTransactionID = transactionID
        subscription.scheduleNextEvent()
    }
}
