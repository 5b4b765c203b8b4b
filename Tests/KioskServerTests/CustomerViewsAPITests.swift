import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore
import Testing

/// Meters, the points wallet, notices and restore over the customer API, each for the caller only.
@Suite struct CustomerViewsAPITests {
    @Test func aMeteredFeatureStopsAtItsLimitAndARetryCountsOnce() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let projects = try #require(try await ann.client.listUsage().ok.body.json.first { $0.featureId == "projects" })
        #expect(projects.limit == 3 && projects.used == 0 && projects.kind == .limit)
        for attempt in 1...3 {
            let meter = try await ann.client.recordUsage(path: .init(featureId: "projects"),
                                                         headers: .init(idempotencyKey: "project-\(attempt)")).ok.body.json
            #expect(meter.used == attempt)
        }
        let retried = try await ann.client.recordUsage(path: .init(featureId: "projects"),
                                                       headers: .init(idempotencyKey: "project-3")).ok.body.json
        #expect(retried.used == 3)
        let over = try await fixture.raw("POST", "/v1/usage/projects", key: ann.key)
        #expect(over.status == 403 && over.body.contains("https://kiosk.dev/problems/limit"))
        let unknown = try await fixture.raw("POST", "/v1/usage/teleports", key: ann.key)
        #expect(unknown.status == 404)
    }

    @Test func pointsAreBoughtSpentAndNeverOverdrawn() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "points.500"))).ok
        let spent = try await ann.client.spendPoints(headers: .init(idempotencyKey: "spend-1"),
                                                     body: .json(.init(points: 200, reason: "Hint"))).ok.body.json
        #expect(spent.delta == -200 && spent.balanceAfter == 300)
        let replay = try await ann.client.spendPoints(headers: .init(idempotencyKey: "spend-1"),
                                                      body: .json(.init(points: 200, reason: "Hint"))).ok.body.json
        #expect(replay.id == spent.id)
        let overdraw = try await fixture.raw("POST", "/v1/points/spend", key: ann.key, body: #"{"points":1000,"reason":"Too much"}"#)
        #expect(overdraw.status == 403)
        let zero = try await fixture.raw("POST", "/v1/points/spend", key: ann.key, body: #"{"points":0,"reason":"Nothing"}"#)
        #expect(zero.status == 400 && zero.body.contains("points"))

        let ledger = try await ann.client.listPoints(query: .init(limit: 1)).ok.body.json
        #expect(ledger.items.map(\.delta) == [-200])
        let cursor = try #require(ledger.nextCursor)
        let older = try await ann.client.listPoints(query: .init(limit: 10, cursor: cursor)).ok.body.json
        #expect(older.items.map(\.delta) == [500] && older.nextCursor == nil)
        #expect(try await bob.client.listPoints().ok.body.json.items.isEmpty)
        #expect(try await fixture.service.account(ann.id).pointsBalance == 300)
    }

    @Test func noticesAndRestoreShowOnlyTheCallersPurchases() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "themes.lifetime"))).ok
        let notices = try await ann.client.listNotices().ok.body.json
        #expect(notices.map(\.kind).contains(.purchaseSucceeded))
        let after = try #require(notices.last?.id)
        #expect(try await ann.client.listNotices(query: .init(after: after)).ok.body.json.isEmpty)
        #expect(try await bob.client.listNotices().ok.body.json.isEmpty)

        let restored = try await ann.client.restorePurchases(body: .json(.init())).ok.body.json
        #expect(restored.lifetime.map(\.productId) == ["themes.lifetime"] && restored.lifetime.first?.isActive == true)
        #expect(restored.subscriptions.isEmpty && restored.passes.isEmpty)
        let nothing = try await fixture.raw("POST", "/v1/restore", key: bob.key, body: "{}")
        #expect(nothing.status == 409 && nothing.body.contains("https://kiosk.dev/problems/nothing-to-restore"))
    }
}

/// The catalog as the customer's storefront prices it.
@Suite struct OfferingsAPITests {
    @Test func offeringsArePricedInTheCustomersCurrency() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let usd = try await ann.client.getOfferings().ok.body.json
        #expect(usd.currency == "USD" && usd.featuredProductId == "pro.monthly")
        let pro = try #require(usd.plans.first { $0.id == "pro" })
        let monthly = try #require(pro.products.first { $0.id == "pro.monthly" })
        #expect(monthly.period == "P1M" && monthly.price.amount == 999 && monthly.price.currency == "USD")
        #expect(monthly.introOffer?._type == .freeTrial && monthly.introOffer?.period == "P1W")
        #expect(usd.products.contains { $0.id == "points.500" && $0.points == 500 && $0._type == .consumable })

        _ = try await fixture.service.setStorefront(accountID: ann.id, storefront: "JPN", currency: Currency(code: "JPY")!)
        let yen = try await ann.client.getOfferings().ok.body.json
        let yenMonthly = try #require(yen.plans.first { $0.id == "pro" }?.products.first { $0.id == "pro.monthly" })
        #expect(yen.currency == "JPY" && yenMonthly.price == .init(amount: 1500, currency: "JPY"))
    }
}
