import Foundation
import HostedCheckout
import KioskViewModels
import PaymentsCore
import Simulators
import StorefrontClient
import Testing
@testable import kiosk_server

/// Paying in a browser from the storefront over SSH (`kiosk serve --public-url`): the link names
/// the public address, the page is this server's, the browser ends on a page that sends the person
/// back to the terminal, and the terminal learns the outcome from the session lookup.
@Suite(.timeLimit(.minutes(10))) struct SSHBrowserCheckoutTests {
    static let publicURL = URL(string: "https://shop.example.com")!

    private func start(pause: @escaping @Sendable () async throws -> Void)
        async throws -> (LocalPaymentsService, Account, HostedCheckoutServer, SSHBrowserCheckout) {
        let directory = DataDirectory(url: FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-ssh-checkout-\(UUID().uuidString)"))
        let catalog = HostedCheckoutFixture.catalog
        let cards = SimulatedCardProcessor(directory: directory)
        let service = try LocalPaymentsService(directory: directory, catalog: catalog, clock: SystemClock(), cardProcessor: cards)
        let provider = SimulatedCheckoutProvider(directory: directory, merchant: service, cardProcessor: cards,
                                                 catalog: catalog, clock: SystemClock())
        let server = try await HostedCheckoutServer.start(service: provider, endpoint: service, random: .system(), clock: SystemClock()) {
            Issue.record("a webhook run failed: \($0)")
        }
        let account = try await service.createAccount(NewAccount(email: "ada@example.com", name: "Ada"))
        return (service, account, server, SSHBrowserCheckout(server: server, publicURL: Self.publicURL, pause: pause))
    }

    @Test func aPaidCheckoutLinksToThePublicAddressAndEndsInTheTerminal() async throws {
        let gate = CheckoutPollGate()
        let (service, account, server, checkout) = try await start(pause: { try await gate.pause() })
        let client = checkout.client(for: account.id)
        let session = try await client.createSession(
            HostedCheckoutRequest(accountID: account.id, productID: "themes", offerCode: nil, idempotencyKey: "k1"))
        #expect(session.url == "https://shop.example.com/checkout/\(session.id)")
        let waiting = Task { try await client.awaitOutcome(session.id) }
        await gate.nextPause()
        // The browser reaches the same page through the public address; here, directly.
        let local = server.baseURL.appendingPathComponent("checkout").appendingPathComponent(session.id).absoluteString
        let paid = try await Browser.post(local + "/pay", form: Browser.card("4242424242424242"))
        let location = try #require(paid.location)
        #expect(location.hasPrefix("https://shop.example.com/checkout/finished?"), "\(location)")
        let finished = try await Browser.get(server.baseURL.appendingPathComponent("checkout/finished").absoluteString)
        #expect(finished.status == 200)
        #expect(finished.body.contains("Go back to your terminal"))
        await gate.release()
        guard case let .succeeded(invoiceID) = try await waiting.value else {
            Issue.record("expected the polled checkout to succeed")
            return
        }
        #expect(try await service.invoice(invoiceID).accountID == account.id)
        await server.stop()
    }

    @Test func anotherAccountsSessionIsNotFoundAndAbandoningCancels() async throws {
        let (service, account, server, checkout) = try await start(pause: {})
        let other = try await service.createAccount(NewAccount(email: "bob@example.com", name: "Bob"))
        let session = try await checkout.client(for: account.id).createSession(
            HostedCheckoutRequest(accountID: account.id, productID: "themes", offerCode: nil, idempotencyKey: "k1"))
        await #expect(throws: HostedCheckoutError.self) { try await checkout.client(for: other.id).session(session.id) }
        await #expect(throws: HostedCheckoutError.self) { try await checkout.client(for: other.id).abandon(session.id) }
        #expect(try await checkout.client(for: account.id).abandon(session.id) == .cancelled)
        #expect(try await checkout.client(for: account.id).awaitOutcome(session.id) == .cancelled)
        await server.stop()
    }
}
