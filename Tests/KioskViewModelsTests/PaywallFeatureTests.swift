import Foundation
import StorefrontClient
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

@MainActor
struct PaywallFeatureTests {
    typealias F = ViewModelsFixtures

    func client(eligible: Bool = true, subscriptions: [Subscription] = [], entitlements: [Entitlement] = []) -> Storefront {
        var client = Storefront()
        client.accounts.catalog = { F.catalog }
        client.accounts.isEligibleForIntroOffer = { _ in eligible }
        client.plans.subscriptions = { _ in subscriptions }
        client.plans.entitlements = { _ in entitlements }
        return client
    }

    func data(eligible: Bool = true, subscriptions: [Subscription] = [], entitlements: [Entitlement] = []) -> PaywallData {
        PaywallData(catalog: F.catalog, account: F.account(), eligibleForIntroOffer: eligible,
                    subscriptions: subscriptions, entitlements: entitlements)
    }

    /// Receives the load of `data`, whose content offers the yearly plan, which is selected.
    func receiveLoad(_ store: ViewModelTestStore<PaywallFeature>, _ data: PaywallData) async throws {
        let content = try #require(PaywallContent.make(data))
        await store.receive(.loaded(.success(data))) {
            $0.phase = .loaded(content)
            $0.selectedProductID = "pro.yearly"
        }
    }

    @Test func loadsPackagesSelectsYearlyAndWordsPrices() async throws {
        let store = ViewModelTestStore(PaywallState(account: F.account()), PaywallFeature(client()))
        await store.send(.onAppear)
        try await receiveLoad(store, data())
        let content = try #require(store.state.phase.content)
        #expect(content.storeName == "Kiosk Demo Store")
        #expect(content.headline == "Everything a professional needs.")
        #expect(content.featureHighlights == ["Projects per month: unlimited", "Refresh interval: every hour", "Export data"])
        #expect(content.packages.map(\.title) == ["Monthly", "Yearly", "Theme pack (lifetime)", "Starter points (500 points)"])
        #expect(content.packages[1].priceText == "$99.99/year, that's $8.33/month, save 17%")
        #expect(content.packages[1].monthlyEquivalent?.perMonth.formatted() == "$8.33")
        #expect(content.packages[1].monthlyEquivalent?.savingPercent == 17)
        #expect(content.packages[2].monthlyEquivalent == nil)
        #expect(content.packages[0].introOfferText == "7-day free trial, then $9.99/month")
        #expect(content.packages[0].entitlementName == "Premium")
        #expect(store.state.selectedProductID == "pro.yearly")
        #expect(store.state.callToAction == .subscribe)
        #expect(content.finePrint.contains { $0.contains("Terms") } && content.finePrint.contains { $0.contains("Privacy") })
        await store.send(.selectPrevious) { $0.selectedProductID = "pro.monthly" }
        #expect(store.state.callToAction == .startFreeTrial)
        await store.send(.selectPackage(productID: "themes.lifetime")) { $0.selectedProductID = "themes.lifetime" }
        #expect(store.state.callToAction == .buy)
        await store.send(.continueTapped)
        await store.receive(.delegate(.checkout(productID: "themes.lifetime")))
    }

    /// Issue 41, item 18: an owned lifetime unlock offered "Buy", and the checkout then failed
    /// with "You already own themes.lifetime" and a Retry that could never succeed.
    @Test func anOwnedLifetimeUnlockIsOwnedAndNotForSaleAgain() async throws {
        let owned = [Entitlement(id: "themes", source: .nonConsumable(productID: "themes.lifetime"), willRenew: false)]
        let store = ViewModelTestStore(PaywallState(account: F.account()), PaywallFeature(client(entitlements: owned)))
        await store.send(.onAppear)
        try await receiveLoad(store, data(entitlements: owned))
        #expect(store.state.phase.content?.ownedProductIDs == ["themes.lifetime"])
        await store.send(.selectPackage(productID: "themes.lifetime")) { $0.selectedProductID = "themes.lifetime" }
        #expect(store.state.callToAction == .owned)
        #expect(store.state.callToAction?.isEnabled == false)
        await store.send(.continueTapped)
        await store.send(.selectPackage(productID: "points.500")) { $0.selectedProductID = "points.500" }
        #expect(store.state.callToAction == .buy)
    }

    @Test func ineligibleAccountSeesNoIntroOffer() async throws {
        let store = ViewModelTestStore(PaywallState(account: F.account()), PaywallFeature(client(eligible: false)))
        await store.send(.onAppear)
        try await receiveLoad(store, data(eligible: false))
        let monthly = try #require(store.state.phase.content?.packages.first)
        #expect(monthly.introOfferText == nil)
        await store.send(.selectPackage(productID: "pro.monthly")) { $0.selectedProductID = "pro.monthly" }
        #expect(store.state.callToAction == .subscribe)
    }

    @Test func premiumAccountSeesStatusAndCurrentPlan() async throws {
        let subscription = F.subscription(product: "pro.yearly")
        let entitlement = Entitlement(id: "premium", source: .subscription(id: "sub_1", productID: "pro.yearly", state: .subscribed),
                                      expiresAt: subscription.currentPeriodEnd, willRenew: true, periodType: .normal)
        let store = ViewModelTestStore(PaywallState(account: F.account()),
                                       PaywallFeature(client(subscriptions: [subscription], entitlements: [entitlement])))
        await store.send(.onAppear)
        try await receiveLoad(store, data(subscriptions: [subscription], entitlements: [entitlement]))
        let plan = try #require(store.state.phase.content?.plan)
        #expect(plan == PlanStanding(planID: "pro", planName: "Pro",
                                     basis: .subscription(productID: "pro.yearly", state: .subscribed, willRenew: true,
                                                          until: subscription.currentPeriodEnd)))
        #expect(store.state.callToAction == .currentPlan)
        await store.send(.continueTapped)
        await store.send(.selectPackage(productID: "pro.monthly")) { $0.selectedProductID = "pro.monthly" }
        #expect(store.state.callToAction == .switchPlan, "Plans words another period of the same plan Switch")
        await store.send(.continueTapped)
        await store.receive(.delegate(.changePlan(productID: "pro.monthly")))
    }

    @Test func errorThenRetryLoads() async throws {
        var failing = client()
        failing.accounts.catalog = { throw PaymentsError.storage("disk full") }
        let store = ViewModelTestStore(PaywallState(account: F.account()), PaywallFeature(failing))
        await store.send(.onAppear)
        await store.receive(.loaded(.failure(ScreenError(PaymentsError.storage("disk full"))))) {
            $0.phase = .failed(ScreenError(PaymentsError.storage("disk full")))
        }
        let expected = try #require(PaywallContent.make(data()))
        let working = ViewModelTestStore(store.state, PaywallFeature(client()))
        await working.send(.retry) { $0.phase = .loading }
        await working.receive(.loaded(.success(data()))) {
            $0.phase = .loaded(expected)
            $0.selectedProductID = "pro.yearly"
        }
    }

    @Test func emptyCatalogIsTheEmptyState() async {
        var empty = client()
        empty.accounts.catalog = { Catalog(name: "Empty", currency: .usd) }
        let store = ViewModelTestStore(PaywallState(account: F.account()), PaywallFeature(empty))
        await store.send(.onAppear)
        var nothing = data()
        nothing.catalog = Catalog(name: "Empty", currency: .usd)
        await store.receive(.loaded(.success(nothing))) { $0.phase = .empty }
    }

    @Test func restoreReportsAndReloads() async throws {
        var restoring = client()
        restoring.purchases.restorePurchases = { _ in F.restored() }
        let store = ViewModelTestStore(PaywallState(account: F.account()), PaywallFeature(restoring))
        await store.send(.restoreTapped) { $0.isRestoring = true }
        await store.receive(.restoreFinished(.success(F.restored()))) {
            $0.isRestoring = false
            $0.restoreMessage = "No purchases to restore."
        }
        try await receiveLoad(store, data())
    }

    @Test func restoreNamesWhatCameBackWithTheLoadedCatalog() async throws {
        let restored = RestoreWordingTests.restored(["pro.yearly"], ["themes.lifetime"])
        var restoring = client()
        restoring.purchases.restorePurchases = { _ in restored }
        let store = ViewModelTestStore(PaywallState(account: F.account()), PaywallFeature(restoring))
        await store.send(.onAppear)
        try await receiveLoad(store, data())
        await store.send(.restoreTapped) { $0.isRestoring = true }
        await store.receive(.restoreFinished(.success(restored))) {
            $0.isRestoring = false
            $0.restoreMessage = "Restored Pro Yearly and Theme pack."
        }
        await store.receive(.loaded(.success(data())))
    }

    @Test func restoreFailureShowsTheStoreMessage() async {
        var failing = client()
        failing.purchases.restorePurchases = { _ in throw PaymentsError.store(.networkError) }
        let store = ViewModelTestStore(PaywallState(account: F.account()), PaywallFeature(failing))
        await store.send(.restoreTapped) { $0.isRestoring = true }
        await store.receive(.restoreFinished(.failure(ScreenError(PaymentsError.store(.networkError))))) {
            $0.isRestoring = false
            $0.restoreMessage = StoreError.networkError.userMessage
        }
    }
}
