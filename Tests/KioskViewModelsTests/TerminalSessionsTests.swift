import Foundation
@testable import KioskViewModels
@testable import PaymentsCore
import Simulators
import StorefrontClient
import Testing

/// Two storefronts on one in-process store, each with its own session: what one signs in to or
/// out of never moves the other (before sessions, sign-in was one row shared by every terminal).
@Suite struct TerminalSessionsTests {
    @Test func twoTerminalsOnOneStoreAreSignedInAsDifferentCustomers() async throws {
        let fixture = try ViewModelsCoreFixture()
        let ada = try await fixture.signedIn("ada")
        let bob = try await fixture.service.createAccount(NewAccount(email: "bob@example.com", name: "bob"))
        let second = Storefront.live(fixture.service, appStore: SimulatedAppStore(beside: fixture.service), session: .inMemory())
        #expect(try await second.accounts.signedInAccount() == nil)

        try await second.accounts.signIn(bob.id)
        #expect(try await second.accounts.signedInAccount()?.id == bob.id)
        #expect(try await fixture.client.accounts.signedInAccount()?.id == ada.id)

        try await fixture.client.accounts.signOut()
        #expect(try await fixture.client.accounts.signedInAccount() == nil)
        #expect(try await second.accounts.signedInAccount()?.id == bob.id)
    }

    @Test func switchingAccountsEndsTheTerminalsPreviousSession() async throws {
        let fixture = try ViewModelsCoreFixture()
        let ada = try await fixture.signedIn("ada")
        let adasToken = try #require(try fixture.session.load())
        let bob = try await fixture.service.createAccount(NewAccount(email: "bob@example.com", name: "bob"))

        try await fixture.client.accounts.signIn(bob.id)
        #expect(try await fixture.client.accounts.signedInAccount()?.id == bob.id)
        #expect(try await fixture.service.sessionAccount(adasToken) == nil)
        #expect(ada.id != bob.id)
    }

    @Test func aSessionClosedElsewhereIsForgottenNotShown() async throws {
        let fixture = try ViewModelsCoreFixture()
        _ = try await fixture.signedIn("ada")
        try await fixture.service.closeSession(try #require(try fixture.session.load()))
        #expect(try await fixture.client.accounts.signedInAccount() == nil)
        #expect(try fixture.session.load() == nil)
    }
}
