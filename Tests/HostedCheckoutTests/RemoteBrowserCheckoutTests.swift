import Foundation
import HostedCheckout
import KioskRemoteClient
import KioskViewModels
import PaymentsCore
import StorefrontClient
import TestSupport
import Testing

/// The checkout screen's "pay in the browser" on a remote storefront (`kiosk run --server`):
/// `CheckoutFeature` over `Storefront.remote` against a served store with its hosted
/// checkout, the page filled in as a browser would. The browser returns to the server, so the
/// screen learns the outcome from the server's session read; the clock is the fixture's and the
/// pause between reads is the test's gate, so nothing waits on real time.
@MainActor
@Suite(.serialized, .timeLimit(.minutes(10))) struct RemoteBrowserCheckoutTests {
    struct Checkout {
        let store: Store<CheckoutFeature>
        let client: Storefront
        let gate: CheckoutPollGate
        /// The submit's effects: they end when the wait for the browser ends.
        let submitted: Task<Void, Never>
        let session: HostedCheckoutSession
    }

    /// Opens the checkout of `productID`, chooses the browser and submits; returns once the
    /// screen waits for the browser (the first read found no outcome).
    func startBrowserCheckout(_ served: ServedCheckoutFixture, productID: String, promoCode: String? = nil,
                              transport: PluggableTransport = PluggableTransport()) async throws -> Checkout {
        let gate = CheckoutPollGate()
        var client = Storefront.remote(RemoteServer(url: URL(string: served.origin)!, token: served.adaKey,
                                                        transport: transport),
                                           checkoutPollPause: { try await gate.pause() })
        client.hostedCheckout.openInBrowser = { _ in }
        let store = Store(initialState: CheckoutState(sessionID: "t1", productID: productID),
                          reducer: CheckoutFeature(client, clock: served.checkout.clock))
        await store.send(.onAppear).value
        #expect(store.state.phase.content != nil)
        if let promoCode {
            await store.send(.promoCodeChanged(promoCode)).value
            await store.send(.applyPromoTapped).value
            #expect(store.state.promo != nil, "\(String(describing: store.state.promoMessage))")
        }
        await store.send(.selectPayment(.browser)).value
        let submitted = store.send(.submitTapped)
        await gate.nextPause()
        guard case let .browser(.waiting(session, _, _)) = store.state.status else {
            throw Failure(description: "the checkout is not waiting for the browser: \(store.state.status)")
        }
        #expect(session.url.hasPrefix(served.checkout.server.baseURL.absoluteString + "/checkout/"))
        await store.send(.openBrowserTapped).value
        #expect(store.state.browserNotice == "Opened the checkout page in your browser.")
        return Checkout(store: store, client: client, gate: gate, submitted: submitted, session: session)
    }

    struct Failure: Error, CustomStringConvertible { let description: String }

    @Test func payingOnThePageIsRecordedOnceAndShowsInTheSubscriptions() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let checkout = try await startBrowserCheckout(served, productID: "pro.monthly")
        // The page shows what the terminal's summary promised.
        let page = try await Browser.get(checkout.session.url)
        #expect(page.status == 200 && page.body.contains("9.99"))

        // A declined card leaves the page open and the screen waiting.
        let declined = try await Browser.post(checkout.session.url + "/pay", form: Browser.card("4000000000000002"))
        #expect(declined.status == 402)
        await checkout.gate.release()
        await checkout.gate.nextPause()
        guard case .browser(.waiting) = checkout.store.state.status else {
            Issue.record("a decline on the page ended the wait: \(checkout.store.state.status)")
            return
        }

        let paid = try await Browser.post(checkout.session.url + "/pay", form: Browser.card("4242424242424242"))
        let location = try #require(paid.location)
        #expect(location.hasPrefix(served.origin + "/checkout/return?"))
        #expect(try await Browser.get(location).body.contains("Payment submitted"))
        await checkout.gate.release()
        await checkout.submitted.value

        guard case let .succeeded(receipt) = checkout.store.state.status else {
            Issue.record("the checkout did not succeed: \(checkout.store.state.status)")
            return
        }
        #expect(receipt.unlocked == ["Premium"])
        let invoices = try await served.service.invoices(accountID: served.ada.id, query: InvoiceQuery()).items
        #expect(invoices.count == 1)
        #expect(receipt.invoiceNumber == invoices.first?.id && receipt.total == invoices.first?.total)
        let subscriptions = try await checkout.client.plans.subscriptions(served.ada.id)
        #expect(subscriptions.map(\.productID) == ["pro.monthly"])
        #expect(subscriptions == (try await served.service.subscriptions(accountID: served.ada.id)))

        // The same order again (a retry of the same attempt) is the same, paid session: no second charge.
        let again = try await checkout.client.hostedCheckout.createSession(HostedCheckoutRequest(
            accountID: served.ada.id, productID: "pro.monthly", offerCode: nil, idempotencyKey: checkout.store.state.idempotencyKey))
        #expect(again.id == checkout.session.id)
        #expect(try await checkout.client.hostedCheckout.awaitOutcome(again.id) == .succeeded(invoiceID: receipt.invoiceNumber))
        #expect(try await served.service.invoices(accountID: served.ada.id, query: InvoiceQuery()).items.count == 1)
        #expect(try await served.service.checkInvariants() == [])
    }

    /// The promo code applied on the screen travels with the session: the page shows and charges
    /// what the terminal's summary said, and a free trial shows $0.00 and its first renewal.
    @Test func thePageShowsAndChargesWhatTheTerminalsSummaryPromised() async throws {
        let served = try await ServedCheckoutFixture.start(catalog: CheckoutSeamsTests.catalog)
        defer { Task { await served.stop() } }
        let checkout = try await startBrowserCheckout(served, productID: "themes", promoCode: "welcome20")
        #expect(checkout.store.state.phase.content?.totalDueToday == Money(minorUnits: 1199, currency: .usd))
        let page = try await Browser.get(checkout.session.url)
        #expect(page.body.contains("<p class=\"promo\">Promo code WELCOME20</p>"))
        #expect(page.body.contains("Pay $11.99</button>"))
        _ = try await Browser.post(checkout.session.url + "/pay", form: Browser.card("4242424242424242"))
        await checkout.gate.release()
        await checkout.submitted.value
        guard case let .succeeded(receipt) = checkout.store.state.status else {
            Issue.record("the checkout did not succeed: \(checkout.store.state.status)")
            return
        }
        #expect(receipt.total == Money(minorUnits: 1199, currency: .usd))

        let trial = try await startBrowserCheckout(served, productID: "pro.monthly")
        #expect(trial.store.state.phase.content?.totalDueToday == .zero(.usd))
        let trialPage = try await Browser.get(trial.session.url)
        #expect(trialPage.body.contains("<p class=\"due-today\">Due today: $0.00</p>"))
        #expect(trialPage.body.contains("<p class=\"first-renewal\">First renewal on 2026-01-08: $9.99</p>"))
        await trial.store.send(.browserCancelTapped).value
        #expect(trial.store.state.status == .browser(.cancelled))
        await trial.submitted.value
    }

    /// A read that cannot reach the server is waited out, not reported as a failed checkout: the
    /// payment made meanwhile is found by the next read that gets through.
    @Test func theWaitOutlastsAServerThatIsBrieflyUnreachable() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let wire = PluggableTransport()
        let checkout = try await startBrowserCheckout(served, productID: "themes", transport: wire)
        wire.unplug()
        await checkout.gate.release()
        await checkout.gate.nextPause()
        guard case .browser(.waiting) = checkout.store.state.status else {
            Issue.record("an unreachable server ended the wait: \(checkout.store.state.status)")
            return
        }
        _ = try await Browser.post(checkout.session.url + "/pay", form: Browser.card("4242424242424242"))
        wire.plugIn()
        await checkout.gate.release()
        await checkout.submitted.value
        guard case .succeeded = checkout.store.state.status else {
            Issue.record("the payment was not found after the server came back: \(checkout.store.state.status)")
            return
        }
        #expect(try await served.service.invoices(accountID: served.ada.id, query: InvoiceQuery()).items.count == 1)
    }

    @Test func aCustomerWhoNeverPaysIsToldNothingWasChargedWhenTheWaitRunsOut() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let checkout = try await startBrowserCheckout(served, productID: "pro.monthly")
        _ = try await Browser.get(checkout.session.url)

        let waitedOut = served.checkout.clock.now.addingTimeInterval(TimeInterval(CheckoutState.browserTimeoutSeconds + 1))
        await checkout.store.send(.clockTicked(waitedOut)).value
        #expect(checkout.store.state.status == .browser(.timedOut))
        await checkout.submitted.value

        // The server closed the session: the page can no longer charge.
        let late = try await Browser.post(checkout.session.url + "/pay", form: Browser.card("4242424242424242"))
        #expect(late.location == nil)
        #expect(try await served.provider.checkoutSession(checkout.session.id).status == .expired)
        #expect(try await served.service.invoices(accountID: served.ada.id, query: InvoiceQuery()).items.isEmpty)
        #expect(try await checkout.client.plans.subscriptions(served.ada.id).isEmpty)
    }

    @Test func cancellingOnThePageEndsTheWaitWithNothingCharged() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let checkout = try await startBrowserCheckout(served, productID: "themes")
        let cancelled = try await Browser.post(checkout.session.url + "/cancel")
        #expect(try #require(cancelled.location).hasPrefix(served.origin + "/checkout/cancelled?"))
        await checkout.gate.release()
        await checkout.submitted.value
        #expect(checkout.store.state.status == .browser(.cancelled))
        #expect(try await served.service.invoices(accountID: served.ada.id, query: InvoiceQuery()).items.isEmpty)
    }

    @Test func paidWhileTheTerminalGaveUpTheServersAnswerWins() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let checkout = try await startBrowserCheckout(served, productID: "themes")
        _ = try await Browser.post(checkout.session.url + "/pay", form: Browser.card("4242424242424242"))
        // The customer presses cancel in the terminal before the next read: abandoning asks the server.
        await checkout.store.send(.browserCancelTapped).value
        guard case .succeeded = checkout.store.state.status else {
            Issue.record("the payment that won the race was not reported: \(checkout.store.state.status)")
            return
        }
        await checkout.submitted.value
        #expect(try await served.service.invoices(accountID: served.ada.id, query: InvoiceQuery()).items.count == 1)
    }
}
