import Foundation
import KioskViewModels
import PaymentsCore
import StorefrontClient
import Testing
@testable import KioskCommandLine
import Simulators

/// The storefront's hosted checkout as wired in the executable: its server starts on the first
/// checkout, and every answer is the server's session, settled so it cannot go stale.
@Suite struct LiveHostedCheckoutTests {
    private func store(_ catalog: Catalog = HostedCheckoutFixture.catalog,
                       pause: @escaping @Sendable () async throws -> Void = { try await Task.sleep(for: .seconds(2)) }) async throws
        -> (LocalPaymentsService, Account, LiveHostedCheckout, SimulatedCheckoutProvider) {
        let directory = DataDirectory(url: FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-live-checkout-\(UUID().uuidString)"))
        let cards = SimulatedCardProcessor(directory: directory)
        let service = try LocalPaymentsService(directory: directory, catalog: catalog, clock: SystemClock(),
                                               cardProcessor: cards)
        let provider = SimulatedCheckoutProvider(directory: directory, merchant: service, cardProcessor: cards,
                                                 catalog: catalog, clock: SystemClock())
        let account = try await service.createAccount(NewAccount(email: "ada@example.com", name: "Ada"))
        return (service, account, LiveHostedCheckout(provider: provider, merchant: service, pause: pause) { Issue.record("a webhook run failed: \($0)") }, provider)
    }

    private func request(_ account: Account) -> HostedCheckoutRequest {
        HostedCheckoutRequest(accountID: account.id, productID: "themes", offerCode: nil, idempotencyKey: "test.1")
    }

    @Test func aPaidCheckoutIsReportedWithItsInvoice() async throws {
        let (service, account, live, _) = try await store()
        let session = try await live.createSession(request(account))
        #expect(session.url.hasPrefix("http://127.0.0.1:"))
        let paid = try await Browser.post(session.url + "/pay", form: Browser.card("4242424242424242"))
        _ = try await Browser.get(try #require(paid.location))
        let outcome = try await live.awaitOutcome(session.id)
        guard case let .succeeded(invoiceID) = outcome else {
            Issue.record("expected success, got \(outcome)")
            return
        }
        #expect(try await service.invoice(invoiceID).accountID == account.id)
        #expect(try await service.entitlements(accountID: account.id).map(\.id) == ["themes"])
    }

    /// Issue 41 item 16: the page was paid but the browser never came back to the loopback
    /// address; the next read of the session confirms the payment instead of waiting 15 minutes.
    @Test(.timeLimit(.minutes(10))) func aPaidCheckoutConfirmsWithoutTheBrowserComingBack() async throws {
        let gate = CheckoutPollGate()
        let (service, account, live, _) = try await store(pause: { try await gate.pause() })
        let session = try await live.createSession(request(account))
        let waiting = Task { try await live.awaitOutcome(session.id) }
        await gate.nextPause()
        let paid = try await Browser.post(session.url + "/pay", form: Browser.card("4242424242424242"))
        #expect(paid.location != nil, "the page sends the browser back, which this browser never follows")
        await gate.release()
        guard case let .succeeded(invoiceID) = try await waiting.value else {
            Issue.record("expected the polled checkout to succeed")
            return
        }
        #expect(try await service.invoice(invoiceID).accountID == account.id)
        #expect(try await service.entitlements(accountID: account.id).map(\.id) == ["themes"])
    }

    /// Issue 13: the storefront's promo code and idempotency key reach the page and the charge.
    @Test func theStorefrontsPromoCodeAndKeyTravelWithTheBrowserCheckout() async throws {
        let (service, account, live, _) = try await store(CheckoutSeamsTests.catalog)
        let request = HostedCheckoutRequest(accountID: account.id, productID: "themes", offerCode: "WELCOME20",
                                            idempotencyKey: "storefront.checkout.themes.1")
        let session = try await live.createSession(request)
        #expect(try await live.createSession(request).id == session.id)
        let page = try await Browser.get(session.url)
        #expect(page.body.contains("Promo code WELCOME20"))
        #expect(page.body.contains("Due today: $11.99"))
        let paid = try await Browser.post(session.url + "/pay", form: Browser.card("4242424242424242"))
        _ = try await Browser.get(try #require(paid.location))
        guard case let .succeeded(invoiceID) = try await live.awaitOutcome(session.id) else {
            Issue.record("expected the browser checkout to succeed")
            return
        }
        #expect(try await service.invoice(invoiceID).total == Money(minorUnits: 1199, currency: .usd))
    }

    @Test func cancellingInTheBrowserIsCancelled() async throws {
        let (_, account, live, _) = try await store()
        let session = try await live.createSession(request(account))
        let cancelled = try await Browser.post(session.url + "/cancel")
        _ = try await Browser.get(try #require(cancelled.location))
        #expect(try await live.awaitOutcome(session.id) == .cancelled)
    }

    @Test func abandoningClosesTheSessionSoALatePaymentIsRefused() async throws {
        let (service, account, live, provider) = try await store()
        let session = try await live.createSession(request(account))
        // The page is open in the browser (its form and token) when the terminal gives up.
        #expect(try await Browser.get(session.url).formToken != nil)
        #expect(try await live.abandon(session.id) == .cancelled)
        let late = try await Browser.post(session.url + "/pay", form: Browser.card("4242424242424242"))
        #expect(late.status == 410)
        #expect(try await provider.checkoutSession(session.id).isPaid == false)
        #expect(try await service.entitlements(accountID: account.id).isEmpty)
    }
}
