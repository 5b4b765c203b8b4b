import Foundation
import KioskViewModels
import PaymentsCore
import Simulators
import StorefrontClient
import Testing

/// What an SSH customer's session may reach: its own account, nothing of another's, and test
/// controls only with an admin key.
@MainActor
@Suite struct ScopedClientTests {
    @Test func aCustomerSessionCannotReachAnotherAccount() async throws {
        let driver = try ScreenDriver()
        let bob = try await driver.signIn("bob")
        let ada = try await driver.signIn("ada")
        let live = PaymentsClient.live(driver.service, appStore: SimulatedAppStore(beside: driver.service))
        let client = PaymentsClient.scoped(live, to: ada.id, testControls: false)
        let bobsCard = try #require(try await live.paymentMethods(bob.id).first)

        try await client.signIn(ada.id)
        #expect(try await client.signedInAccount()?.id == ada.id)
        #expect(try await client.accounts().map(\.id) == [ada.id])
        await #expect(throws: AccountScopeRefused.otherAccount) { try await client.signIn(bob.id) }
        await #expect(throws: AccountScopeRefused.newAccount) {
            _ = try await client.createAccount(NewAccount(email: "eve@example.com", name: "eve"))
        }
        await #expect(throws: AccountScopeRefused.otherAccount) { _ = try await client.paymentMethods(bob.id) }
        await #expect(throws: AccountScopeRefused.otherAccount) { try await client.removePaymentMethod(bobsCard.id) }
        await #expect(throws: AccountScopeRefused.otherAccount) { _ = try await client.events(bob.id, nil, 100) }
        #expect(try await live.paymentMethods(bob.id).map(\.id) == [bobsCard.id])
        // The store-wide feed (nil) is the account's own here, though the store has bob's events.
        #expect(try await live.events(nil, nil, 100).contains { $0.accountID == bob.id })
        let feed = try await client.events(nil, nil, 100)
        #expect(feed.allSatisfy { $0.accountID == ada.id })
        #expect(try await client.paymentMethods(ada.id).count == 1)
    }

    @Test func testControlsAnswerOnlyAnAdminKey() async throws {
        let driver = try ScreenDriver()
        let ada = try await driver.signIn("ada")
        let live = PaymentsClient.live(driver.service, appStore: SimulatedAppStore(beside: driver.service))
        let customer = PaymentsClient.scoped(live, to: ada.id, testControls: false)
        let admin = PaymentsClient.scoped(live, to: ada.id, testControls: true)

        await #expect(throws: AccountScopeRefused.testControls) { _ = try await customer.storeControls() }
        await #expect(throws: AccountScopeRefused.testControls) {
            try await customer.updateStoreControls(StoreControls())
        }
        await #expect(throws: AccountScopeRefused.testControls) {
            _ = try await customer.attachNewTestClock(ada.id, "qa")
        }
        #expect(try await admin.storeControls() == live.storeControls())
        // The screens show the refusal as it reads.
        #expect(ScreenError(AccountScopeRefused.testControls).message.contains("admin keys"))
    }
}
