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
        let store = ViewModelTestStore(SettingsState(sessionID: "s1"), SettingsFeature(core.client, preferences: .defaults))
        await store.send(.retry)
        var data = try await SettingsFeature(core.client, preferences: .defaults).fetch()
        await store.receive(.loaded(.success(data))) { $0.reload(data) }
        #expect(store.state.qa.clock == nil)

        await store.send(.attachClockTapped) { $0.qa.isAdvancing = true }
        let clockID = try #require(try await core.service.account(account.id).testClockID)
        let clock = try await core.client.testControls.testClock(clockID)
        #expect(clock.frozenTime == F.start)
        await store.receive(.clockAttached(.success(clock))) {
            $0.qa.isAdvancing = false
            $0.qa.clock = clock
            $0.qa.clockMessage = "Attached to test clock \(clock.id) at Jan 1, 2026 at 00:00 UTC."
        }
        data = try await SettingsFeature(core.client, preferences: .defaults).fetch()
        #expect(data.testClock == clock)
        await store.receive(.loaded(.success(data))) { $0.reload(data) }
        await store.receive(.delegate(.accountChanged))

        await store.send(.durationChanged("P1D")) { $0.qa.durationText = "P1D" }
        await store.send(.advanceClockTapped) { $0.qa.isAdvancing = true; $0.qa.clockMessage = nil }
        let dayLater = try ISODuration(days: 1).advance(F.start)
        await store.receive(.clockAdvanced(.success(ClockAdvanceReport(clockID: clock.id, from: F.start, to: dayLater)))) {
            $0.qa.isAdvancing = false
            $0.qa.clock?.frozenTime = dayLater
            $0.qa.durationText = ""
            $0.qa.clockMessage = "Advanced to Jan 2, 2026 at 00:00 UTC: 0 renewals, 0 failed renewals, 0 recoveries, "
                + "0 expirations, 0 trial conversions."
        }
        data = try await SettingsFeature(core.client, preferences: .defaults).fetch()
        #expect(data.testClock?.frozenTime == dayLater)
        await store.receive(.loaded(.success(data))) { $0.reload(data) }

        // Real time is still behind the clock: detaching would move the account back in time.
        await store.send(.detachClockTapped) { $0.qa.isAdvancing = true; $0.qa.clockMessage = nil }
        let refusal = ScreenError(PaymentsError.clockAheadOfRealTime(clockTime: dayLater))
        await store.receive(.clockDetached(.failure(refusal))) {
            $0.qa.isAdvancing = false
            $0.qa.clockMessage = refusal.message
        }
        #expect(refusal.message.hasPrefix("The test clock is at ") && refusal.message.contains("ahead of real time"),
                "\(refusal.message)")

        core.clock.advance(by: 2 * 86_400)
        await store.send(.detachClockTapped) { $0.qa.isAdvancing = true; $0.qa.clockMessage = nil }
        let detached = try await core.service.account(account.id)
        await store.receive(.clockDetached(.success(detached))) {
            $0.qa.isAdvancing = false
            $0.qa.clock = nil
            $0.qa.clockMessage = "Back in real time."
        }
        data = try await SettingsFeature(core.client, preferences: .defaults).fetch()
        await store.receive(.loaded(.success(data))) { $0.reload(data) }
        await store.receive(.delegate(.accountChanged))
        #expect(try await core.service.account(account.id).testClockID == nil)
    }
}
