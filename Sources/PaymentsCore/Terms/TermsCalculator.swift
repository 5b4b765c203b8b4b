import Foundation

/// The period and terms arithmetic of subscriptions, written once for both parties that bill
/// them: the merchant's rules and the simulated App Store. Pure: the catalog and every instant
/// are passed in (no clock inside), and every date and money step is checked, so a bad period,
/// series or price is an error, never a trap or a wrong date.
public struct TermsCalculator: Sendable {
    public let catalog: Catalog

    public init(catalog: Catalog) {
        self.catalog = catalog
    }

    /// Where a subscription stands, as much of it as its next period depends on.
    public struct Standing: Hashable, Sendable {
        public var productID: String
        public var pendingProductID: String?
        public var periodType: PeriodType
        public var introPeriodsLeft: Int
        public var offerCode: String?
        public var offerPeriodsLeft: Int
        /// A price the customer consented to, in minor units of `currency`; it stays with its product.
        public var priceOverride: Int64?
        public var seriesAnchor: Date
        public var seriesIndex: Int
        public var currency: Currency

        public init(productID: String, pendingProductID: String?, periodType: PeriodType, introPeriodsLeft: Int,
                    offerCode: String?, offerPeriodsLeft: Int, priceOverride: Int64?, seriesAnchor: Date, seriesIndex: Int,
                    currency: Currency) {
            self.productID = productID
            self.pendingProductID = pendingProductID
            self.periodType = periodType
            self.introPeriodsLeft = introPeriodsLeft
            self.offerCode = offerCode
            self.offerPeriodsLeft = offerPeriodsLeft
            self.priceOverride = priceOverride
            self.seriesAnchor = seriesAnchor
            self.seriesIndex = seriesIndex
            self.currency = currency
        }
    }

    /// The first period of a new subscription: the introductory offer for a customer eligible for
    /// one, and an offer code's discount when it takes something off today (a code used on a free
    /// trial keeps all its periods for the renewals). The product must be sold in `currency`,
    /// intro price included, or nothing can be bought.
    public func firstPeriod(plan: Plan, product: SubscriptionProduct, currency: Currency, introductory: Bool,
                            code: OfferCode?, at now: Date) throws -> PeriodTerms {
        let regular = try price(product.price, product.prices, of: product, in: currency)
        var terms: PeriodTerms
        if introductory, let intro = product.intro {
            let introPrice = try price(intro.price, intro.prices, of: product, in: currency)
            terms = PeriodTerms(
                plan: plan, product: product, periodType: intro.type == .freeTrial ? .trial : .intro,
                introPeriodsLeft: intro.type == .payAsYouGo ? max(intro.periods - 1, 0) : 0, seriesAnchor: now, seriesIndex: 0,
                start: now, end: try intro.period.advance(now), listPrice: intro.type == .freeTrial ? .zero(currency) : introPrice)
        } else {
            terms = PeriodTerms(plan: plan, product: product, periodType: .normal, introPeriodsLeft: 0, seriesAnchor: now,
                                seriesIndex: 0, start: now, end: try product.period.advance(now), listPrice: regular)
        }
        if let code {
            terms.offerPeriodsLeft = code.periods
            if terms.listPrice.minorUnits > 0, let off = catalog.discount(code, on: terms.listPrice), !off.isZero {
                terms.discount = PeriodTerms.Discount(code: code, amount: off)
                terms.offerPeriodsLeft = max(code.periods - 1, 0)
            }
            terms.offerCode = terms.offerPeriodsLeft > 0 ? code.code : nil
        }
        return terms
    }

    /// The period after the current one, starting at `start`: the pending product if a downgrade
    /// or crossgrade waits, the next pay-as-you-go intro period, the consented price, an offer
    /// code's next discounted period. `restartSeries` starts a new series at `start` (recovery
    /// from billing retry moves the renewal date); a product switch or the end of an intro does
    /// so anyway. Nil when the product is gone from the catalog; `productNotSoldInCurrency` when
    /// it has no price in the subscription's currency.
    public func renewal(of standing: Standing, start: Date, restartSeries: Bool) throws -> PeriodTerms? {
        let productID = standing.pendingProductID ?? standing.productID
        guard case let .subscription(plan, product)? = catalog.product(id: productID) else { return nil }
        let currency = standing.currency
        let switching = productID != standing.productID
        var periodType = PeriodType.normal
        var introLeft = 0
        var period = product.period
        var listPrice: Money
        if !switching, standing.periodType == .intro, standing.introPeriodsLeft > 0, let intro = product.intro,
           intro.type == .payAsYouGo {
            periodType = .intro
            introLeft = standing.introPeriodsLeft - 1
            period = intro.period
            listPrice = try price(intro.price, intro.prices, of: product, in: currency)
        } else {
            listPrice = try price(product.price, product.prices, of: product, in: currency)
            if !switching, let override = standing.priceOverride { listPrice = Money(minorUnits: override, currency: currency) }
        }
        let restart = restartSeries || switching || periodType != standing.periodType
        let anchor = restart ? start : standing.seriesAnchor
        let index = restart ? 0 : try Self.successor(of: standing.seriesIndex)
        var terms = PeriodTerms(plan: plan, product: product, periodType: periodType, introPeriodsLeft: introLeft,
                                seriesAnchor: anchor, seriesIndex: index, start: start,
                                end: try period.advance(anchor, times: Self.successor(of: index)), listPrice: listPrice)
        if standing.offerPeriodsLeft > 0, let code = standing.offerCode.flatMap(catalog.offerCode),
           code.products.contains(product.id), let off = catalog.discount(code, on: listPrice), !off.isZero {
            terms.discount = PeriodTerms.Discount(code: code, amount: off)
            terms.offerPeriodsLeft = standing.offerPeriodsLeft - 1
            terms.offerCode = terms.offerPeriodsLeft > 0 ? code.code : nil
        }
        return terms
    }

    /// `renewal`, or nil also when the product has no price in the subscription's currency: a
    /// renewal must never throw, or every write that runs due steps first would fail with it.
    public func renewalIfSold(of standing: Standing, start: Date, restartSeries: Bool) throws -> PeriodTerms? {
        do {
            return try renewal(of: standing, start: start, restartSeries: restartSeries)
        } catch PaymentsError.productNotSoldInCurrency {
            return nil
        }
    }

    /// The list price of the next renewal (a consented price stays with its product); nil when
    /// the product is gone or not sold in the subscription's currency.
    public func renewalListPrice(of standing: Standing) -> Money? {
        let productID = standing.pendingProductID ?? standing.productID
        guard case let .subscription(_, product)? = catalog.product(id: productID) else { return nil }
        if productID == standing.productID, let override = standing.priceOverride {
            return Money(minorUnits: override, currency: standing.currency)
        }
        return catalog.price(base: product.price, overrides: product.prices, in: standing.currency)
    }

    /// What a change from one plan's product to another is, and whether it takes effect at once
    /// (an upgrade, or a crossgrade to the same period length) or at the renewal.
    public static func change(from: (plan: Plan, product: SubscriptionProduct),
                              to: (plan: Plan, product: SubscriptionProduct)) -> (kind: PlanChangeKind, immediate: Bool) {
        let kind: PlanChangeKind = to.plan.rank > from.plan.rank ? .upgrade : to.plan.rank < from.plan.rank ? .downgrade : .crossgrade
        let immediate = (kind == .upgrade || (kind == .crossgrade && to.product.period == from.product.period))
            && to.product.id != from.product.id
        return (kind, immediate)
    }

    /// The period an immediate plan change starts now: a new series of the new product at its
    /// regular price, with no offer carried over.
    public func switchedPeriod(plan: Plan, product: SubscriptionProduct, currency: Currency, at now: Date) throws -> PeriodTerms {
        PeriodTerms(plan: plan, product: product, periodType: .normal, introPeriodsLeft: 0, seriesAnchor: now, seriesIndex: 0,
                    start: now, end: try product.period.advance(now),
                    listPrice: try price(product.price, product.prices, of: product, in: currency))
    }

    /// Credit for the unused part of a period: what was paid for it × unused time ÷ period length,
    /// rounded toward zero, so it never exceeds what was paid. Zero for an empty period.
    public static func unusedCredit(paid: Money, periodStart: Date, periodEnd: Date,
                                    at now: Date) throws(DateArithmeticError) -> Money {
        let start = try periodStart.milliseconds
        let end = try periodEnd.milliseconds
        let current = try now.milliseconds
        let (length, lengthOverflow) = end.subtractingReportingOverflow(start)
        let (remaining, remainingOverflow) = end.subtractingReportingOverflow(current)
        guard !lengthOverflow, !remainingOverflow else {
            throw .outOfRange("the unused part of a period from \(periodStart) to \(periodEnd) at \(now)")
        }
        guard length > 0 else { return .zero(paid.currency) }
        return paid.prorated(numerator: min(max(remaining, 0), length), denominator: length)
    }

    /// The billing issue a renewal declined at `time` opens under `settings`.
    public static func billingIssue(settings: StoreSettings, at time: Date) throws(DateArithmeticError) -> BillingIssueSchedule {
        let retryEnds = try ISODuration(days: settings.billingRetryDays).advance(time)
        let grace = settings.gracePeriodEnabled && settings.gracePeriodDays > 0
        return BillingIssueSchedule(
            state: grace ? .inGracePeriod : .inBillingRetryPeriod, retryEndsAt: retryEnds,
            nextRetryAt: try nextRetry(after: time, index: 0, ends: retryEnds),
            graceEndsAt: grace ? try ISODuration(days: settings.gracePeriodDays).advance(time) : nil)
    }

    /// The retry schedule: fixed days after the failed renewal (`StoreSettings.retryDays`),
    /// inside the retry window; nil when the schedule or the window is used up.
    public static func nextRetry(after issue: Date, index: Int, ends: Date?) throws(DateArithmeticError) -> Date? {
        guard StoreSettings.retryDays.indices.contains(index) else { return nil }
        let next = try ISODuration(days: StoreSettings.retryDays[index]).advance(issue)
        if let ends, next >= ends { return nil }
        return next
    }

    private func price(_ base: Int64, _ overrides: [String: Int64], of product: SubscriptionProduct,
                       in currency: Currency) throws -> Money {
        guard let price = catalog.price(base: base, overrides: overrides, in: currency) else {
            throw PaymentsError.productNotSoldInCurrency(productID: product.id, currency: currency.code)
        }
        return price
    }

    /// The next index of a series, refused rather than trapping at the end of `Int`.
    private static func successor(of index: Int) throws(DateArithmeticError) -> Int {
        let (next, overflow) = index.addingReportingOverflow(1)
        guard !overflow else { throw .outOfRange("period \(index) of a series") }
        return next
    }
}

/// What a failed renewal opens, by the store's settings: the retry window, the first retry, and
/// a grace period (keeping access) when the store grants one; otherwise billing retry at once.
public struct BillingIssueSchedule: Hashable, Sendable {
    public var state: RenewalState
    public var retryEndsAt: Date
    public var nextRetryAt: Date?
    public var graceEndsAt: Date?
}
