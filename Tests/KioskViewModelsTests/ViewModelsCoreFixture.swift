import Foundation
@testable import KioskViewModels
@testable import PaymentsCore
import Simulators
import StorefrontClient
import TestSupport

/// The real payments core on a temporary database with a manual clock, seen through
/// `Storefront.live`, for view-model tests that run whole flows end to end.
struct ViewModelsCoreFixture {
    let service: LocalPaymentsService
    let clock: ManualClock
    let client: Storefront
    let session = SessionTokenKeeper.inMemory()
    /// The tester's levers over the store and its App Store.
    var desk: TestControlDesk { TestControlDesk(merchant: service, appStore: SimulatedAppStore(beside: service)) }

    init(catalog: Catalog = ViewModelsFixtures.catalog) throws {
        let directory = ScratchDirectories.make("kiosk-viewmodels")
        clock = ManualClock(ViewModelsFixtures.start)
        service = try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: catalog,
                                           clock: clock,
            cardProcessor: SimulatedCardProcessor(directory: DataDirectory(url: directory)))
        client = .live(service, appStore: SimulatedAppStore(beside: service), session: session)
    }

    /// A new account, signed in.
    func signedIn(_ name: String = "ada") async throws -> Account {
        let account = try await service.createAccount(NewAccount(email: "\(name)@example.com", name: name))
        try await session.signIn(account.id, on: service)
        return account
    }

    /// Saves an always-succeeding card without going through the card form.
    func addCard(_ account: Account) async throws {
        _ = try await service.addPaymentMethod(accountID: account.id, NewPaymentMethod(
            token: "tok_\(account.id)", brand: "visa", last4: "4242", expMonth: 12, expYear: 2035))
    }
}
