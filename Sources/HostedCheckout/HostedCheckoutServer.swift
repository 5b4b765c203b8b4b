import Foundation
import Hummingbird
import PaymentsCore
import KioskHTTP
import Synchronization

/// The simulated hosted checkout (the provider's pages and session lookup) and Kiosk's webhook
/// endpoint, on one real HTTP server on 127.0.0.1, or beside `kiosk serve` on its address so
/// a browser on another machine reaches the page too.
///
/// Routes: `GET /checkout/{id}` (the page), `POST /checkout/{id}/pay`, `POST /checkout/{id}/challenge`,
/// `POST /checkout/{id}/cancel`, `GET /checkout/finished` and `/checkout/cancelled` (where a terminal's checkout over SSH
/// sends the browser back to), `GET /api/checkout/sessions/{id}` (JSON lookup) and
/// `POST /webhooks` (the receiver, which verifies the raw body before parsing it).
public final class HostedCheckoutServer: Sendable {
    private let service: any HostedCheckoutService
    private let clock: any KioskClock
    private let delivery: WebhookDeliveryMode
    private let schedule: WebhookRetrySchedule
    private let random: SharedRandomGenerator
    private let server: LocalHTTPServer
    /// Hears a delivery run that failed after a page's outcome (the store, not the receiver: a
    /// receiver's failure is a recorded attempt, retried on schedule).
    private let deliveryFailed: @Sendable (any Error) -> Void
    /// Where this machine reaches the server: its address, or loopback when it listens on all.
    private let reachableHost: String

    /// The server's origin, e.g. `http://127.0.0.1:49152`.
    public var baseURL: URL { URL(string: "http://\(reachableHost):\(server.port)") ?? URL(fileURLWithPath: "/") }
    public var port: Int { server.port }
    public var webhookURL: URL { baseURL.appendingPathComponent("webhooks") }
    /// The page a checkout that was opened from a terminal over SSH ends on: the terminal, not
    /// the browser, learns the outcome (from the session lookup), so it only says to go back.
    public static let finishedPath = "checkout/finished"
    /// The same for a checkout cancelled on its page (a provider wants the two addresses apart).
    public static let cancelledPath = "checkout/cancelled"

    public func checkoutURL(sessionID: String) -> URL {
        baseURL.appendingPathComponent("checkout").appendingPathComponent(sessionID)
    }

    private init(service: any HostedCheckoutService, clock: any KioskClock, delivery: WebhookDeliveryMode,
                 schedule: WebhookRetrySchedule, random: SharedRandomGenerator, server: LocalHTTPServer,
                 reachableHost: String, deliveryFailed: @escaping @Sendable (any Error) -> Void) {
        self.service = service
        self.clock = clock
        self.delivery = delivery
        self.schedule = schedule
        self.random = random
        self.server = server
        self.reachableHost = reachableHost
        self.deliveryFailed = deliveryFailed
    }

    /// Starts the server on a free port of `host`; `endpoint` is the store whose `/webhooks` it
    /// serves. The provider's webhook secrets are created on first use from `random`. `limits`
    /// bounds each request (see `HTTPServerLimits`). `deliveryFailed` hears a webhook run that
    /// failed after a page's outcome; the page itself still answers. `publicURL` is where
    /// browsers reach the pages through a tunnel or proxy (`kiosk serve --public-url`): its origin
    /// (https behind a proxy that ends TLS) is the pages' own too.
    public static func start(
        service: any HostedCheckoutService,
        endpoint: any PaymentsService,
        random: SharedRandomGenerator,
        clock: any KioskClock,
        delivery: WebhookDeliveryMode = .immediate,
        schedule: WebhookRetrySchedule = .dodoPayments,
        limits: HTTPServerLimits = .standard,
        host: String = "127.0.0.1",
        port: Int = 0,
        publicURL: URL? = nil,
        deliveryFailed: @escaping @Sendable (any Error) -> Void
    ) async throws -> HostedCheckoutServer {
        var generator = random
        _ = try await service.webhookSecrets(creatingWith: &generator)
        let routes = HostedCheckoutRoutes(service: service, endpoint: endpoint,
                                          formToken: CheckoutFormToken(using: &generator),
                                          pages: CheckoutPage(storeName: try await endpoint.catalog().name),
                                          publicOrigin: publicURL.flatMap(CrossSiteRequestCheck.origin(ofPublicURL:)))
        let box = ServerReference()
        let server = try await LocalHTTPServer.start(name: "kiosk-checkout", host: host, port: port, limits: limits) { request in
            await routes.respond(to: request, afterOutcome: { await box.value?.deliverAfterOutcome() })
        }
        let checkout = HostedCheckoutServer(service: service, clock: clock, delivery: delivery, schedule: schedule,
                                            random: random, server: server, reachableHost: ReachableHost.forListening(on: host),
                                            deliveryFailed: deliveryFailed)
        await box.set(checkout)
        return checkout
    }

    /// Opens a session for a merchant whose own pages take the browser back (an app backend,
    /// not a terminal waiting on a loopback listener) and answers the link to its page.
    public func openSession(accountID: String, productID: String, successURL: URL, cancelURL: URL) async throws -> URL {
        let session = try await createSession(accountID: accountID, productID: productID, offerCode: nil,
                                              idempotencyKey: nil, successURL: successURL, cancelURL: cancelURL)
        return checkoutURL(sessionID: session.id)
    }

    /// Opens a session for such a merchant with the order's promo code (checked now, applied by
    /// the page) and idempotency key (the same order with the same key answers the same session).
    public func createSession(accountID: String, productID: String, offerCode: String?, idempotencyKey: String?,
                              successURL: URL, cancelURL: URL) async throws -> CheckoutSession {
        var generator = random
        return try await service.createCheckoutSession(NewCheckoutSession(
            accountID: accountID, productID: productID, successURL: successURL.absoluteString,
            cancelURL: cancelURL.absoluteString, state: RedirectState.generate(using: &generator),
            offerCode: offerCode, idempotencyKey: idempotencyKey), using: &generator)
    }

    /// The session lookup, as the provider's API answers it.
    public func session(_ id: String) async throws -> CheckoutSession {
        try await service.checkoutSession(id)
    }

    /// Closes an open session so it can never be paid; a paid one is answered as it is. The
    /// provider's cancellation webhook goes out at once, as when the customer cancels on the page.
    public func cancelSession(_ id: String) async throws -> CheckoutSession {
        let session = try await service.cancelCheckoutSession(id)
        await deliverAfterOutcome()
        return session
    }

    /// Sends every webhook due now on the store clock to this server's `/webhooks`.
    @discardableResult
    public func deliverDueWebhooks() async throws -> [WebhookDeliveryAttempt] {
        try await service.deliverDueWebhooks(now: clock.now, transport: LoopbackWebhookTransport(endpoint: webhookURL),
                                             schedule: schedule)
    }

    public func stop() async {
        await server.stop()
    }

    private func deliverAfterOutcome() async {
        guard delivery == .immediate else { return }
        // A failed delivery stays queued with its retry time; the page must not fail because of it.
        do {
            try await deliverDueWebhooks()
        } catch {
            deliveryFailed(error)
        }
    }
}

/// Lets the routes reach the server object that is built only after the socket is bound.
private actor ServerReference {
    private(set) var value: HostedCheckoutServer?

    func set(_ server: HostedCheckoutServer) { value = server }
}

/// When the checkout simulator sends the webhooks an outcome queued.
public enum WebhookDeliveryMode: Sendable, Hashable {
    /// Right after the outcome, before the browser gets its redirect, as a fast provider would.
    case immediate
    /// Only when someone calls the delivery pump: for QA controls and tests that bend delivery.
    case manual
}

/// One injected generator shared by concurrent request handlers: servers draw session ids and
/// card tokens from it, so tests can seed it and production can pass the system generator.
public final class SharedRandomGenerator: RandomNumberGenerator, Sendable {
    private let generator: Mutex<any RandomNumberGenerator & Sendable>

    public init(_ generator: any RandomNumberGenerator & Sendable) {
        self.generator = Mutex(generator)
    }

    /// Draws from the operating system's secure generator.
    public static func system() -> SharedRandomGenerator {
        SharedRandomGenerator(SystemRandomNumberGenerator())
    }

    public func next() -> UInt64 {
        generator.withLock { $0.next() }
    }
}
