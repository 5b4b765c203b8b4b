import Foundation
import Testing
@testable import KioskViewModels
@testable import PaymentsCore

/// The QA panel puts an account that lives in real time (one that has already bought things)
/// on a new test clock, moves time, and returns it to real time once real time has caught up.
@MainActor
struct QAClockAttachmentTests {
    typealias F = ViewModelsFixtures

    @Test func attachAdvanceAndDetachFromThePanel() async throws {
        let core = try ViewModelsCoreFixture()
        let account = try await core.signedIn()
        try await core.addCard(account)
        let card = try #require(try await core.service.paymentMethods(accountID: account.id).first)
        _ = try await core.service.purchase(PurchaseRequest(accountID: account.id, productID: "points.500",
                                                            paymentMethodID: card.id, idempotencyKey: "points"))
        let store = ViewModelTestStore(SettingsState(sessionID: "s1"), SettingsFeature(client: core.client, preferences: .defaults))
        // Non-exhaustive: only the clock attachment is the point, not the settings reloads around it.
        store.exhaustivity = .off
        await store.perform(.retry)
        await store.drain()
        #expect(store.state.qa.clock == nil)

        await store.perform(.attachClockTapped)
        await store.drain()
        let clock = try #require(store.state.qa.clock)
        #expect(clock.frozenTime == F.start)
        #expect(try await core.service.account(account.id).testClockID == clock.id)
        #expect(store.state.qa.clockMessage == "Attached to test clock \(clock.id) at Jan 1, 2026 at 00:00 UTC.")

        await store.perform(.durationChanged("P1D"))
        await store.perform(.advanceClockTapped)
        await store.drain()
        let dayLater = try ISODuration(days: 1).advance(F.start)
        #expect(store.state.qa.clock?.frozenTime == dayLater)

        // Real time is still behind the clock: detaching would move the account back in time.
        await store.perform(.detachClockTapped)
        await store.drain()
        #expect(store.state.qa.clock != nil)
        let refusal = try #require(store.state.qa.clockMessage)
        #expect(refusal.hasPrefix("The test clock is at ") && refusal.contains("ahead of real time"), "\(refusal)")

        core.clock.advance(by: 2 * 86_400)
        await store.perform(.detachClockTapped)
        await store.drain()
        #expect(store.state.qa.clock == nil && store.state.qa.clockMessage == "Back in real time.")
        #expect(try await core.service.account(account.id).testClockID == nil)
    }
}
