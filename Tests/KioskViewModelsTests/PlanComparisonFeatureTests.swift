import Foundation
import Synchronization
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

@MainActor
struct PlanComparisonFeatureTests {
    typealias F = ViewModelsFixtures

    func client(subscription: Subscription?) -> PaymentsClient {
        var client = PaymentsClient.failing
        client.catalog = { F.catalog }
        client.subscriptions = { _ in subscription.map { [$0] } ?? [] }
        client.entitlements = { _ in
            guard let subscription else { return [] }
            return [Entitlement(id: "premium", source: .subscription(id: subscription.id, productID: subscription.productID,
                                                                     state: subscription.state),
                                expiresAt: subscription.currentPeriodEnd, willRenew: subscription.willAutoRenew,
                                periodType: subscription.periodType)]
        }
        client.previewPlanChange = { id, product in Self.preview(id, to: product) }
        return client
    }

    nonisolated static func preview(_ subscriptionID: String, to product: String) -> PlanChangePreview {
        PlanChangePreview(subscriptionID: subscriptionID, fromProductID: "pro.monthly", toProductID: product,
                          kind: .upgrade, timing: .immediate, newPrice: F.usd(2999), creditForUnusedTime: F.usd(500),
                          appliedBalance: F.usd(0), chargeNow: F.usd(2499), balanceAfter: F.usd(0),
                          nextChargeDate: F.monthAfterStart, nextChargeAmount: F.usd(2999))
    }

    func loaded(_ client: PaymentsClient) async -> ViewModelTestStore<PlanComparisonFeature> {
        let store = ViewModelTestStore(PlanComparisonState(sessionID: "s1", account: F.account()),
                                       PlanComparisonFeature(client: client))
        // Non-exhaustive: these tests read the loaded columns and previews through #expect rather than spelling out
        // each load's state.
        store.exhaustivity = .off
        await store.send(.onAppear) { $0.phase = .loading }
        await store.receiveAny()
        return store
    }

    @Test func columnsByRankWithFeatureRowsAndTheCurrentPlanMarked() async throws {
        let store = await loaded(client(subscription: nil))
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
        let store = await loaded(client(subscription: nil))
        await store.perform(.togglePeriod)
        let content = try #require(store.state.phase.content)
        #expect(store.state.period == .yearly)
        #expect(content.columns.map(\.productID) == [nil, "pro.yearly", "max.yearly"])
        #expect(content.columns[1].priceText.hasPrefix("$99.99/year, that's $8.33/month"))
        await store.perform(.togglePeriod)
        #expect(store.state.phase.content?.columns[1].productID == "pro.monthly")
    }

    @Test func subscribedAccountSeesUpgradeDowngradeAndCrossgradeWithPreview() async throws {
        var maxMonthly = F.subscription(product: "max.monthly", plan: "max")
        maxMonthly.periodAmountPaid = F.usd(2999)
        let store = await loaded(client(subscription: F.subscription()))
        var content = try #require(store.state.phase.content)
        #expect(content.columns.map(\.action) == [.cancelToFree, .current, .upgrade])
        #expect(content.columns.map(\.isCurrent) == [false, true, false])
        await store.perform(.togglePeriod)
        content = try #require(store.state.phase.content)
        #expect(content.columns.map(\.action) == [.cancelToFree, .crossgrade, .upgrade])
        await store.receiveAny()

        let fromMax = await loaded(client(subscription: maxMonthly))
        #expect(fromMax.state.phase.content?.columns.map(\.action) == [.cancelToFree, .downgrade, .current])

        await store.send(.selectPlan(planID: "max")) {
            $0.selectedPlanID = "max"
            $0.preview = .loading
        }
        await store.receive(.previewLoaded(.success(Self.preview("sub_1", to: "max.yearly")))) {
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
        stub.cancelAtPeriodEnd = { id, reason in
            #expect(reason == nil)
            cancelled.withLock { $0.append(id) }
            var subscription = F.subscription()
            subscription.willAutoRenew = false
            return subscription
        }
        let store = await loaded(stub)
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
        await store.receiveAny { #expect($0.message == "Your subscription ends on Feb 1, 2026." && !$0.isChanging) }
        await store.receiveAny()
        #expect(cancelled.withLock { $0 } == ["sub_1"])
    }

    @Test func currentPlanDoesNothingAndSubscribeGoesToCheckout() async {
        let store = await loaded(client(subscription: nil))
        await store.send(.chooseTapped)
        await store.send(.selectPlan(planID: "pro")) { $0.selectedPlanID = "pro" }
        await store.send(.chooseTapped)
        await store.receive(.delegate(.checkout(productID: "pro.monthly")))
    }

    @Test func loadFailureRetries() async {
        let calls = Mutex(0)
        var stub = client(subscription: nil)
        stub.catalog = {
            if calls.withLock({ $0 += 1; return $0 }) == 1 { throw PaymentsError.storage("locked") }
            return F.catalog
        }
        let store = ViewModelTestStore(PlanComparisonState(sessionID: "s1", account: F.account()),
                                       PlanComparisonFeature(client: stub))
        // Non-exhaustive: these tests read the loaded columns and previews through #expect rather than spelling out
        // each load's state.
        store.exhaustivity = .off
        await store.send(.onAppear)
        await store.receiveAny { #expect($0.phase == .failed(ScreenError(PaymentsError.storage("locked")))) }
        await store.send(.retry) { $0.phase = .loading }
        await store.receiveAny { #expect($0.phase.content != nil) }
    }
}
