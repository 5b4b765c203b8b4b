import Foundation

/// One billing period of a subscription as the terms calculator decides it: the product (a
/// pending change takes effect here), the kind of period, where it sits in its series (so
/// monthly periods never drift), its price and an offer code's discount, and what is left of the
/// offers for the periods after it. The merchant turns it into invoice lines, the App Store into
/// a signed transaction; both read the same numbers.
public struct PeriodTerms: Hashable, Sendable {
    public var plan: Plan
    public var product: SubscriptionProduct
    public var periodType: PeriodType
    public var introPeriodsLeft: Int
    public var seriesAnchor: Date
    public var seriesIndex: Int
    public var start: Date
    public var end: Date
    /// The price of the period before any offer code: the intro price, a consented price, or the
    /// product's price in the subscription's currency (zero for a free trial).
    public var listPrice: Money
    /// The offer code that takes something off this period, and how much.
    public var discount: Discount?
    /// The offer code still discounting later periods, and how many.
    public var offerCode: String?
    public var offerPeriodsLeft: Int

    init(plan: Plan, product: SubscriptionProduct, periodType: PeriodType, introPeriodsLeft: Int, seriesAnchor: Date,
         seriesIndex: Int, start: Date, end: Date, listPrice: Money) {
        self.plan = plan
        self.product = product
        self.periodType = periodType
        self.introPeriodsLeft = introPeriodsLeft
        self.seriesAnchor = seriesAnchor
        self.seriesIndex = seriesIndex
        self.start = start
        self.end = end
        self.listPrice = listPrice
        self.offerCode = nil
        self.offerPeriodsLeft = 0
        self.discount = nil
    }

    /// What the period costs after the offer code's discount.
    public var price: Money {
        get throws(MoneyError) {
            guard let discount else { return listPrice }
            return try listPrice.subtracting(discount.amount)
        }
    }

    /// How a transaction names the offer that priced this period: the introductory offer for an
    /// intro or trial period, else the offer code that discounted it, else none.
    public var offerType: TransactionOfferType? {
        if periodType != .normal { return .introductory }
        return discount == nil ? nil : .offerCode
    }

    /// The offer as a signed transaction describes it.
    public var offer: TransactionOffer {
        if periodType != .normal, let intro = product.intro { return TransactionOffer(introductory: intro) }
        if let discount { return TransactionOffer(code: discount.code, period: product.period) }
        return TransactionOffer()
    }

    /// An offer code's reduction of one period.
    public struct Discount: Hashable, Sendable {
        public var code: OfferCode
        public var amount: Money
    }
}
