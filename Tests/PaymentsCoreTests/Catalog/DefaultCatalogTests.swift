import Foundation
import Testing
@testable import PaymentsCore

@Suite struct DefaultCatalogTests {
    private func loadDefault() throws -> Catalog {
        let text = try CatalogFixtures.defaultCatalogText()
        switch CatalogLoader.load(yaml: text, file: "catalog.yaml") {
        case let .success(catalog): return catalog
        case let .failure(errors):
            Issue.record("default catalog rejected:\n\(errors)")
            throw errors
        }
    }

    @Test func minimalFixtureLoads() throws {
        let result = CatalogLoader.load(yaml: CatalogFixtures.minimal, file: "test.yaml")
        if case let .failure(errors) = result { Issue.record("\(errors)") }
    }

    @Test func loadsWithEverythingTheDemoStoreSells() throws {
        let catalog = try loadDefault()
        #expect(catalog.format == 1)
        #expect(catalog.name == "Kiosk Demo Store")
        #expect(catalog.currency == .usd)
        #expect(catalog.currencies == [.eur, .gbp, .jpy])
        #expect(catalog.group == "plans")
        #expect(catalog.plans.map(\.id) == ["free", "pro", "enterprise"])
        #expect(catalog.plans.map(\.rank) == [0, 1, 2])
        #expect(catalog.freePlan?.id == "free")
        #expect(Set(catalog.entitlements.map(\.id)) == ["premium", "themes", "enterprise"])
        #expect(catalog.features.count >= 8)
        #expect(Set(catalog.features.map(\.kind)) == Set(Feature.Kind.allCases))
        for plan in catalog.plans {
            #expect(Set(plan.features.keys) == Set(catalog.features.map(\.id)), "\(plan.id)")
            #expect(plan.tagline != nil)
        }
    }

    @Test func subscriptionsHaveMonthlyAndYearlyWithIntroOffers() throws {
        let catalog = try loadDefault()
        let pro = try #require(catalog.plan(id: "pro"))
        let enterprise = try #require(catalog.plan(id: "enterprise"))
        #expect(pro.entitlement == "premium")
        #expect(enterprise.entitlement == "enterprise")
        for plan in [pro, enterprise] {
            #expect(plan.products.map(\.period) == [ISODuration(months: 1), ISODuration(years: 1)])
        }
        #expect(pro.products[0].intro == IntroOffer(type: .freeTrial, period: ISODuration(weeks: 1)))
        let upFront = try #require(enterprise.products[1].intro)
        #expect(upFront.type == .payUpFront)
        #expect(upFront.price > 0)
        #expect(Set(upFront.prices.keys) == ["EUR", "GBP", "JPY"])
        #expect(catalog.plans.flatMap(\.products).count == 4)
    }

    @Test func oneTimeProductsCoverEveryKind() throws {
        let catalog = try loadDefault()
        let points = catalog.products.filter { $0.type == .consumable }.compactMap(\.points)
        #expect(points == [500, 1000, 5000])
        let lifetime = try #require(catalog.products.first { $0.type == .nonConsumable })
        #expect(lifetime.entitlement == "themes")
        let pass = try #require(catalog.products.first { $0.type == .nonRenewing })
        #expect(pass.duration != nil)
        #expect(pass.entitlement == "premium")
    }

    @Test func everyPricedItemHasEveryCurrency() throws {
        let catalog = try loadDefault()
        let listed = Set(catalog.currencies.map(\.code))
        for product in catalog.plans.flatMap(\.products) {
            #expect(Set(product.prices.keys) == listed, "\(product.id)")
        }
        for product in catalog.products {
            #expect(Set(product.prices.keys) == listed, "\(product.id)")
        }
        guard case let .subscription(_, monthly) = try #require(catalog.product(id: "pro.monthly")) else {
            Issue.record("pro.monthly is not a subscription")
            return
        }
        #expect(catalog.price(base: monthly.price, overrides: monthly.prices, in: .jpy)?
            .formatted(locale: Locale(identifier: "en_US")) == "¥1,500")
    }

    @Test func offerCodesUsePercentAndAmountAndExpireInTheFuture() throws {
        let catalog = try loadDefault()
        let welcome = try #require(catalog.offerCode("welcome20"))
        #expect(welcome.discount == .percent(20))
        #expect(welcome.products == ["pro.monthly", "pro.yearly"])
        #expect(welcome.periods == 3)
        #expect(catalog.offerCodes.contains { if case .amount = $0.discount { true } else { false } })
        let year2030 = Date(timeIntervalSince1970: 1_893_456_000)
        for code in catalog.offerCodes {
            #expect(code.expires >= year2030, "\(code.code)")
        }
        #expect(welcome.expires == Date(timeIntervalSince1970: 1_924_991_999))
    }

    @Test func jsonEncodingLoadsBackAsTheSameCatalog() throws {
        let catalog = try loadDefault()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let json = try #require(String(data: try encoder.encode(catalog), encoding: .utf8))
        switch CatalogLoader.load(yaml: json, file: "catalog.json") {
        case let .success(reloaded): #expect(reloaded == catalog)
        case let .failure(errors): Issue.record("\(errors)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        #expect(try decoder.decode(Catalog.self, from: Data(json.utf8)) == catalog)
    }
}
