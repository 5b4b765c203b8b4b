import Foundation
import Testing
@testable import PaymentsCore

/// Issue 40: the one period and terms calculator the merchant and the App Store both use.
@Suite struct TermsCalculatorTests {
    private static let monthly = SubscriptionProduct(
        id: "pro.monthly", period: ISODuration(months: 1), price: 999, prices: ["EUR": 899],
        intro: IntroOffer(type: .payAsYouGo, period: ISODuration(months: 1), price: 499, prices: ["EUR": 449], periods: 2))
    private static let yearly = SubscriptionProduct(id: "pro.yearly", period: ISODuration(years: 1), price: 9999,
                                                    intro: IntroOffer(type: .freeTrial, period: ISODuration(weeks: 1)))
    private static let basic = SubscriptionProduct(id: "basic.monthly", period: ISODuration(months: 1), price: 499)
    private static let pro = Plan(id: "pro", name: "Pro", rank: 2, products: [monthly, yearly])
    private static let basicPlan = Plan(id: "basic", name: "Basic", rank: 1, products: [basic])
    private static let half = OfferCode(code: "HALF", products: ["pro.monthly", "pro.yearly"], discount: .percent(50),
                                        expires: date("2099-01-01"), periods: 3)
    private let calculator = TermsCalculator(catalog: Catalog(
        name: "Test", currency: .usd, currencies: [.eur], plans: [basicPlan, pro], offerCodes: [half]))

    private static func date(_ text: String) -> Date {
        ISO8601DateFormatter().date(from: text + "T00:00:00Z") ?? .distantPast
    }

    private func standing(_ product: String = "pro.monthly", anchor: String, index: Int, type: PeriodType = .normal,
                          introLeft: Int = 0, pending: String? = nil, override: Int64? = nil, code: String? = nil,
                          codeLeft: Int = 0, currency: Currency = .usd) -> TermsCalculator.Standing {
        TermsCalculator.Standing(productID: product, pendingProductID: pending, periodType: type, introPeriodsLeft: introLeft,
                                 offerCode: code, offerPeriodsLeft: codeLeft, priceOverride: override,
                                 seriesAnchor: Self.date(anchor), seriesIndex: index, currency: currency)
    }

    @Test func monthlyPeriodsClampAtShortMonthsAndReturnToThe31st() throws {
        let first = try calculator.firstPeriod(plan: Self.pro, product: Self.monthly, currency: .usd, introductory: false,
                                               code: nil, at: Self.date("2026-01-31"))
        #expect(first.end == Self.date("2026-02-28"))
        let second = try #require(try calculator.renewal(of: standing(anchor: "2026-01-31", index: 0), start: first.end,
                                                        restartSeries: false))
        #expect(second.seriesIndex == 1 && second.seriesAnchor == Self.date("2026-01-31"))
        #expect(second.start == Self.date("2026-02-28") && second.end == Self.date("2026-03-31"))
        let fourth = try #require(try calculator.renewal(of: standing(anchor: "2026-01-31", index: 2),
                                                        start: Self.date("2026-04-30"), restartSeries: false))
        #expect(fourth.end == Self.date("2026-05-31"))
    }

    @Test func aYearlySeriesFromALeapDayKeepsFebruaryThe28thUntilTheNextLeapYear() throws {
        let later = try #require(try calculator.renewal(of: standing("pro.yearly", anchor: "2028-02-29", index: 0),
                                                       start: Self.date("2029-02-28"), restartSeries: false))
        #expect(later.end == Self.date("2030-02-28"))
        let leap = try #require(try calculator.renewal(of: standing("pro.yearly", anchor: "2028-02-29", index: 2),
                                                      start: Self.date("2031-02-28"), restartSeries: false))
        #expect(leap.end == Self.date("2032-02-29"))
    }

    @Test func aSeriesOrAPeriodPastWhatDatesHoldIsRefusedNotATrap() {
        #expect(throws: DateArithmeticError.self) {
            try calculator.renewal(of: standing(anchor: "2026-01-31", index: .max), start: Self.date("2026-02-28"),
                                   restartSeries: false)
        }
        #expect(throws: DateArithmeticError.self) {
            try calculator.renewal(of: standing(anchor: "2026-01-31", index: 200_000), start: Self.date("2026-02-28"),
                                   restartSeries: false)
        }
        #expect(throws: DateArithmeticError.self) {
            try calculator.firstPeriod(plan: Self.pro, product: Self.yearly, currency: .usd, introductory: false, code: nil,
                                       at: Self.date("9999-06-01"))
        }
        #expect(throws: DateArithmeticError.self) {
            try TermsCalculator.unusedCredit(paid: Money(minorUnits: 100, currency: .usd), periodStart: .distantPast,
                                             periodEnd: Date(timeIntervalSince1970: 1e300), at: Self.date("2026-01-01"))
        }
    }

    @Test func anIntroCountsDownThenTheRegularPriceStartsANewSeries() throws {
        let first = try calculator.firstPeriod(plan: Self.pro, product: Self.monthly, currency: .eur, introductory: true,
                                               code: nil, at: Self.date("2026-01-15"))
        #expect(first.periodType == .intro && first.introPeriodsLeft == 1 && first.listPrice.minorUnits == 449)
        #expect(first.offerType == .introductory)
        let second = try #require(try calculator.renewal(
            of: standing(anchor: "2026-01-15", index: 0, type: .intro, introLeft: 1, currency: .eur), start: first.end,
            restartSeries: false))
        #expect(second.periodType == .intro && second.introPeriodsLeft == 0 && second.seriesIndex == 1)
        let regular = try #require(try calculator.renewal(
            of: standing(anchor: "2026-01-15", index: 1, type: .intro, introLeft: 0, currency: .eur), start: second.end,
            restartSeries: false))
        #expect(regular.periodType == .normal && regular.listPrice.minorUnits == 899 && regular.offerType == nil)
        #expect(regular.seriesIndex == 0 && regular.seriesAnchor == second.end)
    }

    @Test func aFreeTrialCostsNothingAndKeepsEveryOfferCodePeriodForLater() throws {
        let trial = try calculator.firstPeriod(plan: Self.pro, product: Self.yearly, currency: .usd, introductory: true,
                                               code: Self.half, at: Self.date("2026-03-01"))
        #expect(trial.periodType == .trial && trial.listPrice.isZero && trial.discount == nil)
        #expect(trial.end == Self.date("2026-03-08"))
        #expect(trial.offerCode == "HALF" && trial.offerPeriodsLeft == 3)
    }

    @Test func anOfferCodeDiscountsItsPeriodsAndThenStops() throws {
        let first = try calculator.firstPeriod(plan: Self.pro, product: Self.monthly, currency: .usd, introductory: false,
                                               code: Self.half, at: Self.date("2026-01-01"))
        #expect(first.discount?.amount.minorUnits == 500)
        #expect(try first.price.minorUnits == 499)
        #expect(first.offerPeriodsLeft == 2 && first.offerCode == "HALF" && first.offerType == .offerCode)
        let last = try #require(try calculator.renewal(of: standing(anchor: "2026-01-01", index: 1, code: "HALF", codeLeft: 1),
                                                      start: Self.date("2026-03-01"), restartSeries: false))
        #expect(last.discount?.code.code == "HALF" && last.offerPeriodsLeft == 0 && last.offerCode == nil)
        let after = try #require(try calculator.renewal(of: standing(anchor: "2026-01-01", index: 2, code: nil, codeLeft: 0),
                                                       start: Self.date("2026-04-01"), restartSeries: false))
        #expect(after.discount == nil)
        #expect(try after.price.minorUnits == 999)
    }

    @Test func aPendingChangeStartsANewSeriesAndLeavesTheConsentedPriceBehind() throws {
        let kept = try #require(try calculator.renewal(of: standing(anchor: "2026-01-01", index: 0, override: 1199),
                                                      start: Self.date("2026-02-01"), restartSeries: false))
        #expect(kept.listPrice.minorUnits == 1199)
        let switched = try #require(try calculator.renewal(
            of: standing(anchor: "2026-01-01", index: 4, pending: "basic.monthly", override: 1199),
            start: Self.date("2026-06-01"), restartSeries: false))
        #expect(switched.product.id == "basic.monthly" && switched.plan.id == "basic" && switched.listPrice.minorUnits == 499)
        #expect(switched.seriesIndex == 0 && switched.end == Self.date("2026-07-01"))
        let recovered = try #require(try calculator.renewal(of: standing(anchor: "2026-01-01", index: 4),
                                                           start: Self.date("2026-06-09"), restartSeries: true))
        #expect(recovered.seriesIndex == 0 && recovered.end == Self.date("2026-07-09"))
    }

    @Test func aProductGoneIsNilAndOneNotSoldInTheCurrencyIsAnError() throws {
        #expect(try calculator.renewal(of: standing("gone.monthly", anchor: "2026-01-01", index: 0),
                                       start: Self.date("2026-02-01"), restartSeries: false) == nil)
        #expect(throws: PaymentsError.self) {
            try calculator.renewal(of: standing("pro.yearly", anchor: "2026-01-01", index: 0, currency: .eur),
                                   start: Self.date("2027-01-01"), restartSeries: false)
        }
        #expect(calculator.renewalListPrice(of: standing("pro.yearly", anchor: "2026-01-01", index: 0, currency: .eur)) == nil)
    }

    @Test func unusedTimeIsCreditedRoundedDownAndNeverMoreThanWasPaid() throws {
        let paid = Money(minorUnits: 1001, currency: .usd)
        let start = Self.date("2026-04-01"), end = Self.date("2026-05-01")
        #expect(try TermsCalculator.unusedCredit(paid: paid, periodStart: start, periodEnd: end,
                                                 at: Self.date("2026-04-16")).minorUnits == 500)
        #expect(try TermsCalculator.unusedCredit(paid: paid, periodStart: start, periodEnd: end, at: end).isZero)
        #expect(try TermsCalculator.unusedCredit(paid: paid, periodStart: start, periodEnd: end,
                                                 at: Self.date("2026-03-01")).minorUnits == 1001)
        #expect(try TermsCalculator.unusedCredit(paid: paid, periodStart: end, periodEnd: start, at: start).isZero)
    }

    @Test func aDeclinedRenewalOpensGraceOrBillingRetryByTheSettings() throws {
        let time = Self.date("2026-01-10")
        let grace = try TermsCalculator.billingIssue(settings: StoreSettings(), at: time)
        #expect(grace.state == .inGracePeriod && grace.graceEndsAt == Self.date("2026-01-26"))
        #expect(grace.retryEndsAt == Self.date("2026-03-11") && grace.nextRetryAt == Self.date("2026-01-11"))
        let retry = try TermsCalculator.billingIssue(settings: StoreSettings(gracePeriodEnabled: false), at: time)
        #expect(retry.state == .inBillingRetryPeriod && retry.graceEndsAt == nil)
        #expect(try TermsCalculator.nextRetry(after: time, index: 4, ends: nil) == Self.date("2026-01-24"))
        #expect(try TermsCalculator.nextRetry(after: time, index: 4, ends: Self.date("2026-01-20")) == nil)
        #expect(try TermsCalculator.nextRetry(after: time, index: StoreSettings.retryDays.count, ends: nil) == nil)
        #expect(try TermsCalculator.nextRetry(after: time, index: -1, ends: nil) == nil)
    }

    @Test func aChangeIsImmediateOnlyForAnUpgradeOrASameLengthCrossgrade() {
        let upgrade = TermsCalculator.change(from: (Self.basicPlan, Self.basic), to: (Self.pro, Self.monthly))
        #expect(upgrade.kind == .upgrade && upgrade.immediate)
        let downgrade = TermsCalculator.change(from: (Self.pro, Self.monthly), to: (Self.basicPlan, Self.basic))
        #expect(downgrade.kind == .downgrade && !downgrade.immediate)
        let longer = TermsCalculator.change(from: (Self.pro, Self.monthly), to: (Self.pro, Self.yearly))
        #expect(longer.kind == .crossgrade && !longer.immediate)
        let same = TermsCalculator.change(from: (Self.pro, Self.monthly), to: (Self.pro, Self.monthly))
        #expect(!same.immediate)
    }
}
