import Foundation
import Hummingbird
import HummingbirdCore
import KioskHTTP
import KioskAPI
import Logging
import NIOCore
import OpenAPIHummingbird
import OpenAPIRuntime
import PaymentsCore

/// `kiosk serve`: the contract's operations over HTTP/1.1 with Hummingbird.
public struct KioskServer: Sendable {
    public let service: any PaymentsService
    /// The App Store's own operations (its purchase sheet, ask to buy).
    public let appStore: any AppStoreService
    public let adminKey: AdminKey
    public let host: String
    public let port: Int
    public let limits: HTTPServerLimits
    /// The hosted checkout `POST /api/checkout/create` and `/v1/checkout-sessions` open and look
    /// up; without one they answer 503.
    public let checkoutOpener: (any HostedCheckoutOpener)?
    /// The hosted-checkout provider whose webhook outbox `/v1/admin/webhook-deliveries` steers;
    /// without one those operations answer 503.
    public let hostedCheckout: (any HostedCheckoutService)?
    /// How often due renewals run without any request asking.
    public let dueWorkInterval: Duration
    /// More work for the same timer (`kiosk serve` posts due App Store notifications).
    public let moreDueWork: (@Sendable () async throws -> Void)?
    /// More for `GET /health/ready` to check than a read of the store: throws `StoreUnavailable`
    /// when the server is not ready (on PostgreSQL, a schema behind this build's).
    public var readiness: @Sendable () async throws -> Void = {}
    /// What `GET /metrics` shows; this server's own registry unless one is handed in.
    public let metrics: ServerMetrics
    private let logger: Logger

    /// Many clients hold a change-feed stream open, so far more connections are allowed than the
    /// single-user checkout server's; every other limit is the standard one.
    public static let standardLimits = HTTPServerLimits(maxConnections: 1_024)

    public init(service: any PaymentsService, appStore: any AppStoreService, adminKey: AdminKey, host: String, port: Int,
                limits: HTTPServerLimits = standardLimits, checkoutOpener: (any HostedCheckoutOpener)? = nil,
                hostedCheckout: (any HostedCheckoutService)? = nil,
                dueWorkInterval: Duration = .seconds(1), moreDueWork: (@Sendable () async throws -> Void)? = nil,
                metrics: ServerMetrics = ServerMetrics(), logger: Logger) {
        self.service = service
        self.appStore = appStore
        self.adminKey = adminKey
        self.host = host
        self.port = port
        self.limits = limits
        self.checkoutOpener = checkoutOpener
        self.hostedCheckout = hostedCheckout
        self.dueWorkInterval = dueWorkInterval
        self.moreDueWork = moreDueWork
        self.metrics = metrics
        self.logger = logger
        // The store and the provider report renewals, webhook attempts, retries and waits here.
        (service as? any StoreObservable)?.observe(metrics.storeObserver)
        (hostedCheckout as? any StoreObservable)?.observe(metrics.storeObserver)
    }

    /// Serves until cancelled (or, with `untilSignalled`, until SIGTERM or SIGINT arrives), letting
    /// requests in flight finish. `onListening` gets the bound port (useful when `port` is 0).
    public func run(untilSignalled: Bool = false,
                    onListening: @escaping @Sendable (Int) async -> Void) async throws {
        let router = Router()
        let document = try KioskAPIDocument.data()
        let contract = try Contract(document: document)
        router.add(middleware: UnknownRouteMiddleware(contract: contract))
        let handler = KioskAPIHandler(service: service, appStore: appStore, document: document,
                                      feed: FeedSignal(service: service), checkoutOpener: checkoutOpener,
                                      hostedCheckout: hostedCheckout, readiness: readiness, metrics: metrics)
        router.get("/metrics") { [metrics] _, _ in
            Response(status: .ok, headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8"],
                     body: ResponseBody(byteBuffer: ByteBuffer(string: metrics.exposition())))
        }
        try handler.registerHandlers(
            on: router, configuration: Configuration(dateTranscoder: RFC3339DateTranscoder()),
            middlewares: [RequestObservationMiddleware(metrics: metrics, logger: logger), ResponseHeadersMiddleware(), ProblemMiddleware(logger: logger), AcceptHeaderMiddleware(), EmptyBodyMiddleware(), AuthenticationMiddleware(service: service, adminKey: adminKey),
                          ContractMiddleware(contract: contract, maxBodyBytes: limits.maxBodyBytes), RequestHostMiddleware()])
        let limits = self.limits
        let application = Application(
            responder: HeadAsGetResponder(inner: router.buildResponder(), contract: contract),
            server: HTTPServerBuilder { LimitedHTTP1Channel(responder: $0, limits: limits) },
            configuration: ApplicationConfiguration(
                address: .hostname(host, port: port), serverName: "kiosk",
                availableConnectionsDelegate: MaximumAvailableConnections(limits.maxConnections)),
            onServerRunning: { [host, origin = handler.origin] channel in
                let port = channel.localAddress?.port ?? 0
                origin.bound(host: host, port: port)
                await onListening(port)
            },
            logger: logger)
        let scheduler = Task { [service, dueWorkInterval, moreDueWork, metrics, logger] in
            await DueWorkScheduler(interval: dueWorkInterval, failed: { error in
                metrics.dueWorkRun(nil)
                logger.error("due work failed; retrying at the next tick", metadata: ["error": "\(error)"])
            }) {
                metrics.dueWorkRun(try await service.runScheduledDueWork())
                try await moreDueWork?()
            }.run()
        }
        defer { scheduler.cancel() }
        if untilSignalled {
            try await application.runService()
        } else {
            try await application.run()
        }
    }
}
