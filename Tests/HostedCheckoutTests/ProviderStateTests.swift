import Foundation
import GRDB
import PaymentsCore
import Simulators
import Testing

/// The hosted-checkout provider keeps its own state: a paid checkout and its webhooks leave its
/// cursor and numbering in its tables, and nothing of the provider's in the store's `meta` or
/// `sequences`.
@Suite struct ProviderStateTests {
    @Test func aPaidCheckoutsWebhooksAreNumberedByTheProviderAlone() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        var generator = SeededGenerator(seed: 3)
        let session = try await fixture.provider.createCheckoutSession(NewCheckoutSession(
            accountID: fixture.account.id, productID: "themes", successURL: "http://127.0.0.1:9/return",
            cancelURL: "http://127.0.0.1:9/cancel", state: "abc"), using: &generator)
        guard case .paid = try await fixture.provider.payCheckoutSession(session.id, card: CardDetails(
            number: "4242424242424242", expiryMonth: 12, expiryYear: 2034, cvc: "123")) else {
            Issue.record("the checkout was not paid")
            return
        }
        let deliveries = try await fixture.provider.webhookDeliveries()
        #expect(deliveries.map(\.messageID) == ["msg_000001"])
        let database = try DatabaseQueue(path: DataDirectory(url: fixture.directory).databaseURL.path)
        let (meta, sequences, providerSequences) = try await database.read { db in
            (try String.fetchAll(db, sql: "SELECT key FROM meta"),
             try String.fetchAll(db, sql: "SELECT name FROM sequences"),
             try String.fetchAll(db, sql: "SELECT name || '=' || value FROM provider_sequences ORDER BY name"))
        }
        #expect(!meta.contains("provider_event_cursor"))
        #expect(!sequences.contains("msg") && !sequences.contains("whd"))
        #expect(providerSequences == ["msg=1", "whd=1"])
        await fixture.server.stop()
    }

    /// An unknown session is the provider's own "not found" (the checkout server answers 404),
    /// not a storage error.
    @Test func anUnknownSessionIsNotFound() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        await #expect(throws: HostedCheckoutError.sessionNotFound("cks_missing")) {
            _ = try await fixture.provider.checkoutSession("cks_missing")
        }
        await fixture.server.stop()
    }

    /// The storefront builds its provider at launch; the provider's own connection waits for its
    /// first use, so a launch that never opens a browser checkout opens nothing more.
    @Test func aProviderOpensItsDatabaseOnlyWhenFirstUsed() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        let elsewhere = DataDirectory(url: FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-provider-\(UUID().uuidString)"))
        let provider = SimulatedCheckoutProvider(directory: elsewhere, merchant: fixture.service,
                                                 cardProcessor: SimulatedCardProcessor(directory: elsewhere),
                                                 catalog: HostedCheckoutFixture.catalog, clock: fixture.clock)
        #expect(!FileManager.default.fileExists(atPath: elsewhere.databaseURL.path))
        #expect(try await provider.webhookDeliveries().isEmpty)
        #expect(FileManager.default.fileExists(atPath: elsewhere.databaseURL.path))
        await fixture.server.stop()
    }
}
