import Foundation
import StorefrontClient
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

/// A message said on a screen belongs to it: leaving the section or the tab ends it, so it never
/// heads an unrelated screen later.
@MainActor
struct SectionMessageTests {
    typealias F = ViewModelsFixtures

    @Test func navigationClearsSectionMessages() async throws {
        var client = Storefront()
        client.accounts.signedInAccount = { F.account() }
        client.accounts.catalog = { F.catalog }
        client.accounts.isEligibleForIntroOffer = { _ in true }
        client.plans.subscriptions = { _ in [] }
        client.plans.entitlements = { _ in [] }
        client.feed.feedPosition = { _ in 1 }
        client.feed.events = { _, _, _ in [] }
        let store = Store(initialState: AppState(sessionID: "s1"),
                          reducer: AppFeature(storefront: client, clock: ManualClock(F.start), files: .failing))
        await store.send(.launched).value
        var state = store.state
        state.settings.message = "Refunded $49.99."
        state.plans.message = "Plan changed."
        state.billing.exportMessage = "Exported 5 invoices to /tmp/invoices.csv."
        let feature = AppFeature(storefront: client, clock: ManualClock(F.start), files: .failing)
        _ = feature.reduce(into: &state, action: .selectTab(.plans))
        #expect(state.settings.message == nil && state.plans.message == nil && state.billing.exportMessage == nil)

        _ = feature.reduce(into: &state, action: .settings(.selectSection(.subscription)))
        state.settings.message = "Refunded $49.99."
        _ = feature.reduce(into: &state, action: .settings(.selectSection(.subscription)))
        #expect(state.settings.message == "Refunded $49.99.")
        _ = feature.reduce(into: &state, action: .settings(.selectSection(.wallet)))
        #expect(state.settings.message == nil)
    }
}
