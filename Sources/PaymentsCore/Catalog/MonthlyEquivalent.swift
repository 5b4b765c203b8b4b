/// A multi-month subscription price restated per month, and what it saves against paying the
/// same plan monthly: "$99.99/year ($8.33/month, save 17%)".
///
/// Integer arithmetic only, so every storefront shows the same figures: the monthly amount
/// rounds toward zero like every other share of a price (`Money.prorated`), the percentage to
/// the nearest whole percent.
public struct MonthlyEquivalent: Hashable, Sendable {
    public let perMonth: Money
    /// Percent saved against twelve (or n) monthly payments, when the plan has a monthly
    /// product in the same currency and this one is cheaper; nil otherwise.
    public let savingPercent: Int?

    public init(perMonth: Money, savingPercent: Int?) {
        self.perMonth = perMonth
        self.savingPercent = savingPercent
    }
}

extension Catalog {
    /// Nil for products billed monthly (or in weeks or days, which have no whole-month
    /// equivalent) and for currencies the product is not sold in.
    public func monthlyEquivalent(of product: SubscriptionProduct, in plan: Plan,
                                  currency: Currency) -> MonthlyEquivalent? {
        guard let months = product.period.wholeMonths, months > 1,
              let price = price(base: product.price, overrides: product.prices, in: currency) else { return nil }
        let perMonth = price.prorated(numerator: 1, denominator: Int64(months))
        let monthly = plan.products.first { $0.period.wholeMonths == 1 }
            .flatMap { self.price(base: $0.price, overrides: $0.prices, in: currency) }
        let saving = monthly.flatMap { Self.saving(price, againstMonthly: $0, months: months) }
        return MonthlyEquivalent(perMonth: perMonth, savingPercent: saving)
    }

    /// round(100 × (monthly × months − price) ÷ (monthly × months)), nil when nothing is saved.
    private static func saving(_ price: Money, againstMonthly monthly: Money, months: Int) -> Int? {
        let (total, overflow) = monthly.minorUnits.multipliedReportingOverflow(by: Int64(months))
        guard !overflow, total > 0, price.minorUnits >= 0, price.minorUnits < total else { return nil }
        let saved = UInt64(total - price.minorUnits)
        let (quotient, remainder) = UInt64(total).dividingFullWidth(saved.multipliedFullWidth(by: 100))
        let rounded = remainder >= UInt64(total) - remainder ? quotient + 1 : quotient
        return rounded > 0 ? Int(rounded) : nil
    }
}
