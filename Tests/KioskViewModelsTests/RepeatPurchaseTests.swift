import Foundation
import StorefrontClient
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

/// Buying the same product twice in one session is two purchases: each checkout has its own
/// idempotency keys, stable only across the retries of its own attempt.
@MainActor
struct RepeatPurchaseTests {
    typealias F = ViewModelsFixtures

    func buy(_ productID: String, in store: Store<AppFeature>) async -> CheckoutReceipt? {
        await store.send(.paywall(.selectPackage(productID: productID))).value
        await store.send(.paywall(.continueTapped)).value
        await store.send(.checkout(.submitTapped)).value
        guard case let .succeeded(receipt)? = store.state.checkout?.status else {
            Issue.record("checkout did not succeed: \(String(describing: store.state.checkout?.status))")
            return nil
        }
        await store.send(.checkout(.doneTapped)).value
        return receipt
    }

    @Test func theSameConsumableTwiceChargesTwiceAndCreditsBoth() async throws {
        let core = try ViewModelsCoreFixture()
        let account = try await core.signedIn()
        try await core.addCard(account)
        let store = Store(initialState: AppState(sessionID: "s1"),
                          reducer: AppFeature(storefront: core.client, clock: core.clock, files: .failing))
        await store.send(.launched).value
        let first = await buy("points.500", in: store)
        let second = await buy("points.500", in: store)
        #expect(first != nil && second != nil)
        #expect(first?.invoiceNumber != second?.invoiceNumber)
        let invoices = try await core.service.invoices(accountID: account.id, query: InvoiceQuery())
        #expect(invoices.items.count == 2)
        #expect(try await core.service.account(account.id).pointsBalance == 1000)
    }

    @Test func everyCheckoutOpenedHasItsOwnKeys() async throws {
        var client = Storefront()
        client.accounts.signedInAccount = { F.account() }
        client.accounts.catalog = { F.catalog }
        client.accounts.isEligibleForIntroOffer = { _ in true }
        client.plans.subscriptions = { _ in [] }
        client.plans.entitlements = { _ in [] }
        client.wallet.paymentMethods = { _ in [F.card()] }
        client.accounts.now = { _ in F.start }
        client.feed.feedPosition = { _ in 1 }
        client.feed.events = { _, _, _ in [] }
        let store = Store(initialState: AppState(sessionID: "s1"),
                          reducer: AppFeature(storefront: client, clock: ManualClock(F.start), files: .failing))
        await store.send(.launched).value
        var keys: [String] = []
        for _ in 0..<2 {
            await store.send(.paywall(.selectPackage(productID: "points.500"))).value
            await store.send(.paywall(.continueTapped)).value
            keys.append(store.state.checkout?.idempotencyKey ?? "none")
            await store.send(.back).value
        }
        #expect(keys == ["s1.1.checkout.points.500.1", "s1.2.checkout.points.500.1"])
    }
}
