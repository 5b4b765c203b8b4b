import Foundation
import Testing
@testable import PaymentsCore
import Simulators

/// The checkout provider keeps its own books and knows the merchant only through its API: its
/// sessions open in a database where the merchant's accounts are not (the data directory's
/// SQLite file while the store is on PostgreSQL), which a foreign key into `accounts` refused.
@Suite struct ProviderOwnBooksTests {
    @Test func aSessionOpensInTheProvidersOwnDatabase() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account()
        let elsewhere = DataDirectory(url: FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-provider-\(UUID().uuidString)"))
        let provider = SimulatedCheckoutProvider(directory: elsewhere, merchant: store.service,
                                                 cardProcessor: store.service.cardProcessor, catalog: CoreFixture.catalog,
                                                 clock: store.clock)
        var generator = SystemRandomNumberGenerator()
        let session = try await provider.createCheckoutSession(
            NewCheckoutSession(accountID: ada.id, productID: "pro.monthly", successURL: "http://127.0.0.1:9/return",
                               cancelURL: "http://127.0.0.1:9/cancel", state: "state-of-sixteen-chars"),
            using: &generator)
        #expect(session.accountID == ada.id)
        #expect(try await provider.checkoutSession(session.id).id == session.id)
    }
}
