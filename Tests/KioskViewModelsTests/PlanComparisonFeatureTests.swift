import Foundation
import StorefrontClient
import Synchronization
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

@MainActor
struct PlanComparisonFeatureTests {
    typealias F = ViewModelsFixtures

    func client(subscription: Subscription?) -> Storefront {
        var client = Storefront()
        client.accounts.catalog = { F.catalog }
        client.plans.subscriptions = { _ in subscription.map { [$0] } ?? [] }
        client.plans.entitlements = { _ in Self.entitlements(subscription) }
        client.plans.previewPlanChange = { id, product in Self.preview(id, to: product) }
        return client
    }

    nonisolated static func entitlements(_ subscription: Subscription?) -> [Entitlement] {
        guard let subscription else { return [] }
        return [Entitlement(id: "premium", source: .subscription(id: subscription.id, productID: subscription.productID,
                                                                 state: subscription.state),
                            expiresAt: subscription.currentPeriodEnd, willRenew: subscription.willAutoRenew,
                            periodType: subscription.periodType)]
    }

    func data(_ subscription: Subscription?) -> PlanComparisonData {
        PlanComparisonData(catalog: F.catalog, account: F.account(), subscription: subscription,
                           entitlements: Self.entitlements(subscription))
    }

    /// Receives the load of `data`, which selects the current plan (so nothing is previewed).
    func receiveLoad(_ store: ViewModelTestStore<PlanComparisonFeature>, _ data: PlanComparisonData,
                     sourceLocation: SourceLocation = #_sourceLocation) async throws {
        let content = try #require(PlanComparisonContent.make(data, period: store.state.period))
        await store.receive(.loaded(.success(data)), sourceLocation: sourceLocation) {
            $0.data = data
            $0.phase = .loaded(content)
            $0.selectedPlanID = content.currentPlanID
        }
    }

    nonisolated static func preview(_ subscriptionID: String, to product: String) -> PlanChangePreview {
        PlanChangePreview(subscriptionID: subscriptionID, fromProductID: "pro.monthly", toProductID: product,
                          kind: .upgrade, timing: .immediate, newPrice: F.usd(2999), creditForUnusedTime: F.usd(500),
                          appliedBalance: F.usd(0), chargeNow: F.usd(2499), balanceAfter: F.usd(0),
                          nextChargeDate: F.monthAfterStart, nextChargeAmount: F.usd(2999))
    }

    func loaded(_ client: Storefront, subscription: Subscription?) async throws -> ViewModelTestStore<PlanComparisonFeature> {
        let store = ViewModelTestStore(PlanComparisonState(sessionID: "s1", account: F.account()),
                                       PlanComparisonFeature(client))
        await store.send(.onAppear) { $0.phase = .loading }
        try await receiveLoad(store, data(subscription))
        return store
    }

    @Test func columnsByRankWithFeatureRowsAndTheCurrentPlanMarked() async throws {
        let store = try await loaded(client(subscription: nil), subscription: nil)
        let content = try #require(store.state.phase.content)
        #expect(content.columns.map(\.name) == ["Free", "Pro", "Max"])
        #expect(content.columns.map(\.priceText) == ["Free", "$9.99/month", "$29.99/month"])
        #expect(content.columns.map(\.isCurrent) == [true, false, false])
        #expect(content.columns.map(\.action) == [.current, .subscribe, .subscribe])
        #expect(content.rows == [
            FeatureRow(name: "Projects per month", values: ["3", "unlimited", "unlimited"]),
            FeatureRow(name: "Refresh interval", values: ["every 24 hours", "every hour", "every 5 minutes"]),
            FeatureRow(name: "Export data", values: ["—", "✓", "✓"]),
        ])
        #expect(store.state.selectedPlanID == "free")
    }

    @Test func yearlySwitchShowsYearlyPricesWithTheMonthlyEquivalent() async throws {
        let store = try await loaded(client(subscription: nil), subscription: nil)
        let nothing = data(nil)
        await store.send(.togglePeriod) {
            $0.period = .yearly
            $0.phase = PlanComparisonContent.make(nothing, period: .yearly).map { .loaded($0) } ?? .empty
        }
        let content = try #require(store.state.phase.content)
        #expect(content.columns.map(\.productID) == [nil, "pro.yearly", "max.yearly"])
        #expect(content.columns[1].priceText.hasPrefix("$99.99/year, that's $8.33/month"))
        await store.send(.togglePeriod) {
            $0.period = .monthly
            $0.phase = PlanComparisonContent.make(nothing, period: .monthly).map { .loaded($0) } ?? .empty
        }
        #expect(store.state.phase.content?.columns[1].productID == "pro.monthly")
    }

    @Test func subscribedAccountSeesUpgradeDowngradeAndCrossgradeWithPreview() async throws {
        var maxMonthly = F.subscription(product: "max.monthly", plan: "max")
        maxMonthly.periodAmountPaid = F.usd(2999)
        let store = try await loaded(client(subscription: F.subscription()), subscription: F.subscription())
        var content = try #require(store.state.phase.content)
        #expect(content.columns.map(\.action) == [.cancelToFree, .current, .upgrade])
        #expect(content.columns.map(\.isCurrent) == [false, true, false])
        let yearly = try #require(PlanComparisonContent.make(data(F.subscription()), period: .yearly))
        await store.send(.togglePeriod) {
            $0.period = .yearly
            $0.phase = .loaded(yearly)
            $0.preview = .loading
        }
        content = try #require(store.state.phase.content)
        #expect(content.columns.map(\.action) == [.cancelToFree, .crossgrade, .upgrade])
        await store.receive(.previewLoaded(.success(PlanChangeSummary(Self.preview("sub_1", to: "pro.yearly"))))) {
            $0.preview = .loaded(PlanChangeSummary(Self.preview("sub_1", to: "pro.yearly")))
        }

        let fromMax = try await loaded(client(subscription: maxMonthly), subscription: maxMonthly)
        #expect(fromMax.state.phase.content?.columns.map(\.action) == [.cancelToFree, .downgrade, .current])

        await store.send(.selectPlan(planID: "max")) {
            $0.selectedPlanID = "max"
            $0.preview = .loading
        }
        await store.receive(.previewLoaded(.success(PlanChangeSummary(Self.preview("sub_1", to: "max.yearly"))))) {
            $0.preview = .loaded(PlanChangeSummary(Self.preview("sub_1", to: "max.yearly")))
        }
        await store.send(.chooseTapped) {
            $0.confirmation = Confirmation(
                title: "Upgrade to Max?",
                message: "Charged now: $24.99 (credit for unused time $5.00). Takes effect now. Next charge $29.99 on Feb 1, 2026.",
                confirmTitle: "Upgrade")
        }
    }

    @Test func choosingFreeAsksThenCancelsAtPeriodEnd() async throws {
        let cancelled = Mutex<[String]>([])
        var stub = client(subscription: F.subscription())
        stub.plans.cancelAtPeriodEnd = { id, reason in
            #expect(reason == nil)
            cancelled.withLock { $0.append(id) }
            var subscription = F.subscription()
            subscription.willAutoRenew = false
            return subscription
        }
        let store = try await loaded(stub, subscription: F.subscription())
        await store.send(.selectPlan(planID: "free")) { $0.selectedPlanID = "free" }
        await store.send(.chooseTapped) {
            $0.confirmation = Confirmation(title: "Switch to Free?",
                                           message: "Your subscription will not renew. You keep access until Feb 1, 2026.",
                                           confirmTitle: "Cancel subscription")
        }
        #expect(cancelled.withLock { $0 }.isEmpty)
        await store.send(.confirmTapped) {
            $0.confirmation = nil
            $0.isChanging = true
        }
        var notRenewing = F.subscription()
        notRenewing.willAutoRenew = false
        await store.receive(.cancelFinished(.success(notRenewing))) {
            $0.isChanging = false
            $0.message = "Your subscription ends on Feb 1, 2026."
        }
        // The reload finds the same store (the stub still renews), and Free stays selected.
        await store.receive(.loaded(.success(data(F.subscription()))))
        #expect(cancelled.withLock { $0 } == ["sub_1"])
    }

    @Test func currentPlanDoesNothingAndSubscribeGoesToCheckout() async throws {
        let store = try await loaded(client(subscription: nil), subscription: nil)
        await store.send(.chooseTapped)
        await store.send(.selectPlan(planID: "pro")) { $0.selectedPlanID = "pro" }
        await store.send(.chooseTapped)
        await store.receive(.delegate(.checkout(productID: "pro.monthly")))
    }

    @Test func loadFailureRetries() async throws {
        let calls = Mutex(0)
        var stub = client(subscription: nil)
        stub.accounts.catalog = {
            if calls.withLock({ $0 += 1; return $0 }) == 1 { throw PaymentsError.storage("locked") }
            return F.catalog
        }
        let store = ViewModelTestStore(PlanComparisonState(sessionID: "s1", account: F.account()),
                                       PlanComparisonFeature(stub))
        let locked = ScreenError(PaymentsError.storage("locked"))
        await store.send(.onAppear)
        await store.receive(.loaded(.failure(locked))) { $0.phase = .failed(locked) }
        await store.send(.retry) { $0.phase = .loading }
        try await receiveLoad(store, data(nil))
    }
}
