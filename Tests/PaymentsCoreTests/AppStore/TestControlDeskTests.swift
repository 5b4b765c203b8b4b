import Foundation
import Testing
@testable import PaymentsCore
import Simulators

/// The QA inbox lists what waits on either side once, oldest first, and answers the sheet's
/// requests on the App Store's side.
@Suite struct TestControlDeskTests {
    @Test func theInboxIsBothSidesEachActionOnce() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: .requiresAuthentication(offSessionSucceeds: true))
        let appStore = SimulatedAppStore(beside: store.service)
        let desk = TestControlDesk(merchant: store.service, appStore: appStore)
        guard case let .requiresAction(challenge) = try await store.service.purchase(
            PurchaseRequest(accountID: ada.id, productID: "themes")) else { Issue.record("no challenge"); return }
        try await store.service.updateStoreControls(StoreControls(askToBuy: true))
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
}
