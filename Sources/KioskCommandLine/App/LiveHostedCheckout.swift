import Foundation
import HostedCheckout
import KioskViewModels
import PaymentsCore
import StorefrontClient

/// Checkout in the browser for the storefront: the simulated provider's server starts on the
/// first checkout (so launching stays fast), each checkout gets its own loopback listener, and
/// every answer is the server's session lookup, never the browser's word.
actor LiveHostedCheckout {
    private let provider: any HostedCheckoutService
    /// The store whose webhook endpoint the checkout server serves.
    private let merchant: any PaymentsService
    private var server: Task<HostedCheckoutServer, any Error>?
    private var checkouts: [String: PendingCheckout] = [:]
    /// Hears webhook runs that failed; the deliveries stay queued and are retried.
    private let deliveryFailed: @Sendable (any Error) -> Void
    /// The wait between reads of a session while the browser has not come back (as the remote
    /// storefront's, about 2 s); injected so tests decide when the next read happens.
    private let pause: @Sendable () async throws -> Void

    /// Longer than the checkout screen's own wait, which gives up first and asks the server.
    static let listenerTimeout: Duration = .seconds(CheckoutState.browserTimeoutSeconds + 60)
    /// How often webhook deliveries that failed are retried while the app runs.
    static let redeliveryInterval: Duration = .seconds(5)

    init(provider: any HostedCheckoutService, merchant: any PaymentsService,
         pause: @escaping @Sendable () async throws -> Void = { try await Task.sleep(for: .seconds(2)) },
         deliveryFailed: @escaping @Sendable (any Error) -> Void) {
        self.provider = provider
        self.merchant = merchant
        self.pause = pause
        self.deliveryFailed = deliveryFailed
    }

    nonisolated var client: HostedCheckoutClient {
        var client = HostedCheckoutClient(
            createSession: { try await self.createSession($0) },
            awaitOutcome: { try await self.awaitOutcome($0) },
            session: { try await self.session($0) },
            abandon: { try await self.abandon($0) })
        client.openInBrowser = { try await BrowserOpener.open($0) }
        client.copyToClipboard = { try await Clipboard.copy($0) }
        return client
    }

    /// The offer code and idempotency key travel with the session, so the page shows and the
    /// charge applies what the terminal's order summary promised.
    /// A retry with the same key while that checkout is still waiting gets the same session and
    /// listener back.
    func createSession(_ request: HostedCheckoutRequest) async throws -> HostedCheckoutSession {
        if let waiting = checkouts.values.first(where: { $0.idempotencyKey == request.idempotencyKey }) {
            return HostedCheckoutSession(id: waiting.session.id, url: waiting.checkoutURL.absoluteString,
                                         expiresAt: waiting.session.expiresAt)
        }
        let server = try await startedServer()
        var generator = SystemRandomNumberGenerator()
        let checkout = try await PendingCheckout.begin(
            accountID: request.accountID, productID: request.productID, service: provider, server: server,
            timeout: Self.listenerTimeout, offerCode: request.offerCode, idempotencyKey: request.idempotencyKey,
            using: &generator)
        checkouts[checkout.session.id] = checkout
        return HostedCheckoutSession(id: checkout.session.id, url: checkout.checkoutURL.absoluteString,
                                     expiresAt: checkout.session.expiresAt)
    }

    /// Waits for the browser to come back (or the listener to give up), then settles. A browser
    /// that never comes back to the loopback address (another machine, a closed tab, a blocked
    /// redirect) does not leave a paid checkout waiting: the session is read every `pause`, as
    /// the remote storefront does, and a paid one settles at once.
    func awaitOutcome(_ sessionID: String) async throws -> HostedCheckoutOutcome {
        guard let checkout = checkouts[sessionID] else { return try await settle(sessionID, redirect: .cancelled) }
        let (provider, pause) = (self.provider, self.pause)
        let redirect = try await withThrowingTaskGroup(of: LoopbackRedirectResult?.self) { group in
            group.addTask { try await checkout.outcome().redirect }
            group.addTask {
                while true {
                    do {
                        if try await provider.checkoutSession(sessionID).isPaid { return nil }
                    } catch is CancellationError {
                        throw CancellationError()
                    } catch {
                        // A failed read is waited out: the browser's return still settles, and
                        // settling reports a failure that lasts.
                    }
                    try await pause()
                }
            }
            let first = try await group.next() ?? nil
            // Paid without the browser: stop listening so the group can end.
            if first == nil { checkout.abandon() }
            group.cancelAll()
            return first
        }
        return try await settle(sessionID, redirect: redirect ?? .cancelled)
    }

    func session(_ sessionID: String) async throws -> HostedCheckoutSession {
        let session = try await provider.checkoutSession(sessionID)
        let url = try await startedServer().checkoutURL(sessionID: sessionID).absoluteString
        return HostedCheckoutSession(id: session.id, url: url, expiresAt: session.expiresAt)
    }

    func abandon(_ sessionID: String) async throws -> HostedCheckoutOutcome {
        checkouts[sessionID]?.abandon()
        return try await settle(sessionID, redirect: .cancelled)
    }

    /// Closes the session on the server, which either finds it paid (the payment won the race)
    /// or makes sure it can never be paid: after this the terminal's answer cannot go stale.
    private func settle(_ sessionID: String, redirect: LoopbackRedirectResult) async throws -> HostedCheckoutOutcome {
        checkouts[sessionID] = nil
        let session = try await provider.cancelCheckoutSession(sessionID)
        if session.isPaid {
            guard let invoiceID = session.paymentID else {
                throw PaymentsError.storage("checkout session \(sessionID) is paid but names no payment")
            }
            return .succeeded(invoiceID: invoiceID)
        }
        if case let .redirected(classification) = redirect {
            switch classification.outcome {
            case .cancelled: return .cancelled
            case .failed: if let message = session.lastDeclineMessage { return .declined(message: message) }
            case .succeeded, .pending, .expired, .ignored, .rejected: break
            }
            return .expired
        }
        return .cancelled
    }

    private func startedServer() async throws -> HostedCheckoutServer {
        if let server { return try await server.value }
        let (provider, merchant, deliveryFailed) = (self.provider, self.merchant, self.deliveryFailed)
        let starting = Task {
            let server = try await HostedCheckoutServer.start(service: provider, endpoint: merchant, random: .system(),
                                                              clock: SystemClock(), deliveryFailed: deliveryFailed)
            Task.detached {
                while (try? await Task.sleep(for: Self.redeliveryInterval)) != nil {
                    do {
                        try await server.deliverDueWebhooks()
                    } catch {
                        deliveryFailed(error)
                    }
                }
            }
            return server
        }
        server = starting
        do {
            return try await starting.value
        } catch {
            // A failed start (no free port) is retried by the next checkout.
            server = nil
            throw error
        }
    }
}
