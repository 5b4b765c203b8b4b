import Foundation
import Testing
@testable import PaymentsCore
import Simulators

/// The QA inbox lists what waits on either side once, oldest first, and answers the sheet's
/// requests on the App Store's side; the switches are one set to the tester and each side's own.
@Suite struct TestControlDeskTests {
    @Test func theInboxIsBothSidesEachActionOnce() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: .requiresAuthentication(offSessionSucceeds: true))
        let appStore = SimulatedAppStore(beside: store.service)
        let desk = TestControlDesk(merchant: store.service, appStore: appStore)
        guard case let .requiresAction(challenge) = try await store.service.purchase(
            PurchaseRequest(accountID: ada.id, productID: "themes")) else { Issue.record("no challenge"); return }
        try await store.service.desk.updateStoreControls(StoreControls(askToBuy: true))
        guard case let .pending(asked) = try await appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "points.500")) else { Issue.record("not pending"); return }

        #expect(try await appStore.pendingActions(accountID: ada.id) == [asked])
        #expect(try await desk.pendingActions(accountID: ada.id) == [challenge, asked])
        #expect(try await desk.pendingActions(accountID: nil) == [challenge, asked])
        try await desk.declinePurchase(pendingID: asked.id)
        #expect(try await desk.pendingActions(accountID: ada.id) == [challenge])
        #expect(try await appStore.pendingPurchaseStatus(pendingID: asked.id, accountID: ada.id) == .declined)
        await #expect(throws: PaymentsError.pendingActionNotFound(challenge.id)) {
            _ = try await desk.approvePurchase(pendingID: challenge.id)
        }
    }

    @Test func eachSideKeepsItsOwnSwitchesAndAResetOrAnAdvanceReachesBoth() async throws {
        let store = try await CoreFixture()
        let desk = store.service.desk
        let controls = StoreControls(askToBuy: true, renewalsFail: true, droppedReceiptSubmissions: 1,
                                     duplicateReceiptSubmissions: true, backendServerErrors: 2)
        try await desk.updateStoreControls(controls)
        #expect(try await desk.storeControls() == controls)
        #expect(try await store.service.storeControls() == StoreControls(renewalsFail: true, backendServerErrors: 2))
        #expect(try await store.service.appStore.controls()
                == AppStoreControls(askToBuy: true, renewalsFail: true, droppedReceiptSubmissions: 1,
                                    duplicateReceiptSubmissions: true), "renewals fail on both sides")
        try await desk.resetStore()
        #expect(try await store.service.storeControls() == StoreControls())
        #expect(try await store.service.appStore.controls() == AppStoreControls())

        // A dropped upload waits on the device; the clock's advance lets it retry, and it lands.
        let ada = try await store.account(card: nil)
        let clock = try await store.service.attachNewTestClock(accountID: ada.id, name: "device")
        try await desk.updateStoreControls(StoreControls(droppedReceiptSubmissions: 1))
        guard case .success = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "points.500")) else { Issue.record("no sale"); return }
        #expect(try await store.service.account(ada.id).pointsBalance == 0)
        _ = try await desk.advanceTestClock(clock.id, to: clock.frozenTime.addingTimeInterval(60))
        #expect(try await store.service.account(ada.id).pointsBalance == 500)
    }

    /// The desk stops at each instant the App Store has work (four monthly renewals here), but
    /// the tester asked for one advance: one `test_clock.advanced`, spanning all of it.
    @Test func anAdvanceThroughTheAppStoresRenewalsIsAnnouncedOnce() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let clock = try await store.service.attachNewTestClock(accountID: ada.id, name: "ada")
        guard case .success = try await store.service.appStore.storePurchase(
            StorePurchaseRequest(accountID: ada.id, productID: "pro.monthly")) else { Issue.record("no sale"); return }
        let target = clock.frozenTime.addingTimeInterval(120 * 86_400)
        let report = try await store.service.desk.advanceTestClock(clock.id, to: target)
        #expect(report.renewals >= 3)
        let announced = try await store.service.storage.read {
            try await $0.fetchAll(String.self, "SELECT detail FROM events WHERE type = 'test_clock.advanced'")
        }
        #expect(announced == ["\(clock.id) \(try clock.frozenTime.milliseconds)→\(try target.milliseconds)"])
    }
}

/// The App Store's first controls row is the merchant's whole `StoreControls` (migration v26).
@Suite struct AppStoreControlsTests {
    @Test func theAppStoreReadsItsOwnSwitchesOfTheMerchantsRowAndAbsentOnesAreOff() throws {
        let merchants = try JSONEncoder().encode(StoreControls(askToBuy: true, renewalsFail: true, droppedReceiptSubmissions: 2))
        #expect(try JSONDecoder().decode(AppStoreControls.self, from: merchants)
                == AppStoreControls(askToBuy: true, renewalsFail: true, droppedReceiptSubmissions: 2))
        #expect(try JSONDecoder().decode(AppStoreControls.self, from: Data(#"{"interruptedPurchases":true}"#.utf8))
                == AppStoreControls(interruptedPurchases: true))
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(AppStoreControls.self, from: Data(#"{"askToBuy":"yes"}"#.utf8))
        }
    }
}
