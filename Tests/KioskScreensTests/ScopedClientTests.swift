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
        let live = Storefront.live(driver.service, appStore: SimulatedAppStore(beside: driver.service))
        let client = Storefront.scoped(live, to: ada.id, testControls: false)
        let bobsCard = try #require(try await live.wallet.paymentMethods(bob.id).first)

        try await client.accounts.signIn(ada.id)
        #expect(try await client.accounts.signedInAccount()?.id == ada.id)
        #expect(try await client.accounts.accounts().map(\.id) == [ada.id])
        await #expect(throws: AccountScopeRefused.otherAccount) { try await client.accounts.signIn(bob.id) }
        await #expect(throws: AccountScopeRefused.newAccount) {
            _ = try await client.accounts.createAccount(NewAccount(email: "eve@example.com", name: "eve"))
        }
        await #expect(throws: AccountScopeRefused.otherAccount) { _ = try await client.wallet.paymentMethods(bob.id) }
        await #expect(throws: AccountScopeRefused.otherAccount) { try await client.wallet.removePaymentMethod(bobsCard.id) }
        await #expect(throws: AccountScopeRefused.otherAccount) { _ = try await client.feed.events(bob.id, nil, 100) }
        #expect(try await live.wallet.paymentMethods(bob.id).map(\.id) == [bobsCard.id])
        // The store-wide feed (nil) is the account's own here, though the store has bob's events.
        #expect(try await live.feed.events(nil, nil, 100).contains { $0.accountID == bob.id })
        let feed = try await client.feed.events(nil, nil, 100)
        #expect(feed.allSatisfy { $0.accountID == ada.id })
        #expect(try await client.wallet.paymentMethods(ada.id).count == 1)
    }

    @Test func testControlsAnswerOnlyAnAdminKey() async throws {
        let driver = try ScreenDriver()
        let ada = try await driver.signIn("ada")
        let live = Storefront.live(driver.service, appStore: SimulatedAppStore(beside: driver.service))
        let customer = Storefront.scoped(live, to: ada.id, testControls: false)
        let admin = Storefront.scoped(live, to: ada.id, testControls: true)

        await #expect(throws: AccountScopeRefused.testControls) { _ = try await customer.testControls.storeControls() }
        await #expect(throws: AccountScopeRefused.testControls) {
            try await customer.testControls.updateStoreControls(StoreControls())
        }
        await #expect(throws: AccountScopeRefused.testControls) {
            _ = try await customer.testControls.attachNewTestClock(ada.id, "qa")
        }
        #expect(try await admin.testControls.storeControls() == live.testControls.storeControls())
        // The screens show the refusal as it reads.
        #expect(ScreenError(AccountScopeRefused.testControls).message.contains("admin keys"))
    }
}
