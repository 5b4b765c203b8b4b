import Foundation
import KioskAPI
import OpenAPIRuntime
import PaymentsCore
import Testing

/// What a storefront connected to the server reads to draw the same screens as one on the data
/// directory (`/v1/catalog`, `/v1/entitlements`, filtered invoices, full subscriptions) and to hear
/// only what is new (`/v1/events/position`).
@Suite(.serialized, .timeLimit(.minutes(10))) struct StorefrontAPITests {
    @Test func theCatalogIsTheServersCatalogFileAndLoadsBackTheSame() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let answer = try await ann.client.getCatalog().ok.body.yaml
        let yaml = try await String(collecting: answer, upTo: 1 << 20)
        let served = try CatalogLoader.load(yaml: yaml, file: "GET /v1/catalog").get()
        let inEffect = try await fixture.service.catalog()
        #expect(served == inEffect)
    }

    @Test func theFeedPositionIsWhereTheCustomersFeedEndsAndIgnoresOtherCustomers() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        let before = try await ann.client.getEventsPosition().ok.body.json.position
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        let after = try await ann.client.getEventsPosition().ok.body.json.position
        #expect(after > before)
        // Nothing after Ann's position is hers yet; Bob's purchase does not move it.
        #expect(try await ann.client.listEvents(query: .init(after: after)).ok.body.json.items.isEmpty)
        _ = try await bob.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        #expect(try await ann.client.getEventsPosition().ok.body.json.position == after)
        #expect(try await ann.client.listEvents(query: .init(after: after)).ok.body.json.items.isEmpty)
    }

    @Test func entitlementsNameTheirSourceAndAreTheCustomersOwn() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "themes.lifetime"))).ok.body.json
        let bought = try await ann.client.createPurchase(body: .json(.init(productId: "pro.monthly"))).ok.body.json
        let grants = try await ann.client.listEntitlements().ok.body.json
        #expect(grants.map(\.source).sorted { $0.rawValue < $1.rawValue } == [.nonConsumable, .subscription])
        let subscription = try #require(grants.first { $0.source == .subscription })
        #expect(subscription.subscriptionId == bought.subscriptionId)
        // The purchase answer carries the subscription itself: a client needs no second read.
        #expect(bought.subscription?.id == bought.subscriptionId && bought.subscription?.state == .subscribed)
        #expect(subscription.subscriptionState == .subscribed)
        #expect(subscription.expiresAt != nil)
        #expect(grants.first { $0.source == .nonConsumable }?.expiresAt == nil)
        #expect(try await bob.client.listEntitlements().ok.body.json.isEmpty)
    }

    @Test func subscriptionsCarryWhatTheScreensShowAndInvoicesFilter() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "pro.monthly"))).ok.body.json
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "points.500"))).ok.body.json
        let subscription = try #require(try await ann.client.listSubscriptions().ok.body.json.first)
        let core = try #require(try await fixture.service.subscriptions(accountID: ann.id).first)
        #expect(subscription.groupId == core.groupID)
        #expect(subscription.periodAmountPaid == .init(amount: core.periodAmountPaid.minorUnits,
                                                       currency: core.periodAmountPaid.currency.code))
        #expect(subscription.paymentMethodId == core.paymentMethodID)
        let cards = try await ann.client.listPaymentMethods().ok.body.json
        #expect(cards.allSatisfy { $0.createdAt != nil })

        let paid = try await ann.client.listInvoices(query: .init(status: .paid)).ok.body.json.items
        #expect(paid.count == 2)
        #expect(try await ann.client.listInvoices(query: .init(status: .refunded)).ok.body.json.items.isEmpty)
        #expect(try await ann.client.listInvoices(query: .init(year: 2025)).ok.body.json.items.isEmpty)
        #expect(try await ann.client.listInvoices(query: .init(year: 2026)).ok.body.json.items.count == 2)
    }

    @Test func aCustomerRemovesAndChoosesOnlyTheirOwnCards() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let bob = try await fixture.customer("bob")
        let second = try await ann.client.addCard(body: .json(.init(number: "5555555555554444", expMonth: 11, expYear: 2031,
                                                                    cvc: "321", makeDefault: false))).created.body.json
        let bobsCard = try #require(try await bob.client.listPaymentMethods().ok.body.json.first)

        for answer in [try await ann.client.setDefaultPaymentMethod(path: .init(paymentMethodId: bobsCard.id)),
                       try await ann.client.setDefaultPaymentMethod(path: .init(paymentMethodId: "pm_nope"))] {
            guard case let .default(status, _) = answer else { Issue.record("another customer's card was changed"); continue }
            #expect(status == 404)
        }
        guard case let .default(status, _) = try await ann.client.removePaymentMethod(path: .init(paymentMethodId: bobsCard.id)) else {
            Issue.record("another customer's card was removed")
            return
        }
        #expect(status == 404)
        #expect(try await bob.client.listPaymentMethods().ok.body.json.map(\.id) == [bobsCard.id])

        _ = try await ann.client.setDefaultPaymentMethod(path: .init(paymentMethodId: second.id)).noContent
        #expect(try await ann.client.listPaymentMethods().ok.body.json.filter(\.isDefault).map(\.id) == [second.id])
        _ = try await ann.client.removePaymentMethod(path: .init(paymentMethodId: second.id)).noContent
        #expect(!(try await ann.client.listPaymentMethods().ok.body.json.contains { $0.id == second.id }))
    }

    @Test func restoreCarriesTheStoreStatusRenewalStateAndPurchaseIDs() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "themes.lifetime"))).ok.body.json
        _ = try await ann.client.createPurchase(body: .json(.init(productId: "pro.monthly"))).ok.body.json
        let restored = try await ann.client.restorePurchases(body: .json(.init())).ok.body.json
        let core = try await fixture.service.restorePurchases(accountID: ann.id, includeInactive: false)
        #expect(restored.subscriptions.map(\.storeStatus) == [.inTrial])
        #expect(restored.subscriptions.map(\.renewalState) == [.subscribed])
        #expect(restored.lifetime.map(\.id) == core.nonConsumables.map(\.id))
    }

    @Test func aDeclinedCardSaysTheIssuersReason() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customerKey("ann")
        let answer = try await fixture.raw("POST", "/v1/payment-methods", key: ann.key,
                                           body: #"{"number":"4000000000009995","exp_month":12,"exp_year":2030,"cvc":"123"}"#)
        #expect(answer.status == 402)
        #expect(answer.body.contains(#""decline_code":"insufficient_funds""#), "\(answer.body)")
        #expect(answer.body.contains(#""type":"https://kiosk.dev/problems/card-declined""#))
    }

    @Test func aRefusedOfferCodeSaysWhichAndWhy() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        let ann = try await fixture.customer("ann")
        let answer = try await fixture.raw("POST", "/v1/purchases", key: ann.key,
                                           body: #"{"product_id":"points.500","offer_code":"save5"}"#)
        #expect(answer.status == 422)
        #expect(answer.body.contains(#""offer_code":"SAVE5""#), "\(answer.body)")
        #expect(answer.body.contains(#""offer_code_rejection":"not_applicable""#), "\(answer.body)")
    }

    @Test func eachNeedsACustomerKey() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        for (method, path) in [("GET", "/v1/catalog"), ("GET", "/v1/events/position"), ("GET", "/v1/entitlements"),
                               ("DELETE", "/v1/payment-methods/pm_1"), ("PUT", "/v1/payment-methods/pm_1/default")] {
            for key: String? in [nil, "kiosk_sk_unknown", fixture.adminKey.value] {
                let answer = try await fixture.raw(method, path, key: key)
                #expect(answer.status == 401, "\(method) \(path) with \(key ?? "no key")")
                #expect(answer.contentType == "application/problem+json")
            }
        }
    }
}
