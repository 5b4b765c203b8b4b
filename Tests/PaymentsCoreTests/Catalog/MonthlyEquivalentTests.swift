import Foundation
import Testing
@testable import PaymentsCore

@Suite struct MonthlyEquivalentTests {
    private let plan = Plan(id: "pro", name: "Pro", rank: 1, products: [
        SubscriptionProduct(id: "m", period: ISODuration(months: 1), price: 999, prices: ["JPY": 1500]),
        SubscriptionProduct(id: "y", period: ISODuration(years: 1), price: 9999, prices: ["JPY": 15000]),
        SubscriptionProduct(id: "q", period: ISODuration(months: 3), price: 2997, prices: ["JPY": 4500]),
    ])
    private var catalog: Catalog {
        Catalog(name: "Test", currency: .usd, currencies: [.jpy], plans: [plan])
    }

    @Test func yearlyPriceRestatedPerMonthWithRoundedSaving() throws {
        let yearly = try #require(catalog.monthlyEquivalent(of: plan.products[1], in: plan, currency: .usd))
        #expect(yearly.perMonth == Money(minorUnits: 833, currency: .usd))
        #expect(yearly.perMonth.formatted(locale: Locale(identifier: "en_US")) == "$8.33")
        // 1 − 9999 / 11988 = 16.59 % → 17 %.
        #expect(yearly.savingPercent == 17)
        let yen = try #require(catalog.monthlyEquivalent(of: plan.products[1], in: plan, currency: .jpy))
        #expect(yen.perMonth == Money(minorUnits: 1250, currency: .jpy))
        #expect(yen.savingPercent == 17)
    }

    @Test func noSavingWhenNotCheaperAndNoEquivalentForMonthly() throws {
        let quarterly = try #require(catalog.monthlyEquivalent(of: plan.products[2], in: plan, currency: .usd))
        #expect(quarterly.perMonth == Money(minorUnits: 999, currency: .usd))
        #expect(quarterly.savingPercent == nil)
        #expect(catalog.monthlyEquivalent(of: plan.products[0], in: plan, currency: .usd) == nil)
        #expect(catalog.monthlyEquivalent(of: plan.products[1], in: plan, currency: .eur) == nil)
    }

    @Test func hugePricesDoNotOverflow() throws {
        let huge = Plan(id: "x", name: "X", rank: 0, products: [
            SubscriptionProduct(id: "m", period: ISODuration(months: 1), price: Int64.max / 2),
            SubscriptionProduct(id: "y", period: ISODuration(years: 1), price: Int64.max - 1),
        ])
        let result = try #require(Catalog(name: "T", currency: .usd, plans: [huge])
            .monthlyEquivalent(of: huge.products[1], in: huge, currency: .usd))
        #expect(result.perMonth.minorUnits == (Int64.max - 1) / 12)
        #expect(result.savingPercent == nil)
    }
}
