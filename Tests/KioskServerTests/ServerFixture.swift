import AsyncHTTPClient
import Foundation
import KioskAPI
import KioskResources
import KioskServer
import Logging
import NIOCore
import NIOHTTP1
import OpenAPIAsyncHTTPClient
import PaymentsCore
import Simulators
import TestSupport

/// A `KioskServer` on a free loopback port over a store in a temporary data directory, with the
/// default catalog and a manual clock; clients are the generated `Client` over real HTTP.
struct ServerFixture {
    let service: LocalPaymentsService
    /// The App Store beside the store, as the server hosts it.
    let appStore: any AppStoreService
    /// The tester's levers over both sides, as the test-control API reaches them.
    var desk: TestControlDesk { TestControlDesk(merchant: service, appStore: appStore) }
    /// The sandbox's hosted-checkout provider whose outbox the admin webhook endpoints steer.
    let provider: SimulatedCheckoutProvider
    let clock: ManualClock
    let adminKey: AdminKey
    let baseURL: URL
    private let task: Task<Void, any Error>

    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    struct SetupFailure: Error { let message: String }

    /// `metrics` and `logger` default to a fresh registry and a quiet log.
    static func start(metrics: ServerMetrics = ServerMetrics(), logger: Logger? = nil) async throws -> ServerFixture {
        let directory = ScratchDirectories.make("kiosk-server")
        guard let catalogURL = KioskResources.defaultCatalogURL else { throw SetupFailure(message: "no default catalog") }
        let catalog = try CatalogLoader.load(contentsOf: catalogURL).get()
        let clock = ManualClock(start)
        let cards = SimulatedCardProcessor(directory: DataDirectory(url: directory))
        let service = try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: catalog, clock: clock,
                                               cardProcessor: cards)
        let provider = SimulatedCheckoutProvider(directory: DataDirectory(url: directory), merchant: service,
                                                 cardProcessor: cards, catalog: catalog, clock: clock)
        try DataDirectory(url: directory).create()
        var generator = SystemRandomNumberGenerator()
        let adminKey = try AdminKey.loadOrCreate(in: directory, using: &generator)
        var quiet = Logger(label: "kiosk.test")
        quiet.logLevel = .critical
        let appStore = SimulatedAppStore(beside: service)
        let server = KioskServer(service: service, appStore: appStore, adminKey: adminKey, host: "127.0.0.1", port: 0,
                                 hostedCheckout: provider, metrics: metrics, logger: logger ?? quiet)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run { port in continuation.yield(port); continuation.finish() } }
        var iterator = ports.makeAsyncIterator()
        guard let port = await iterator.next(), port > 0 else {
            task.cancel()
            throw SetupFailure(message: "the server did not start")
        }
        return ServerFixture(service: service, appStore: appStore, provider: provider, clock: clock, adminKey: adminKey,
                             baseURL: URL(string: "http://127.0.0.1:\(port)")!, task: task)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
    }

    /// A generated client sending `key` as its bearer token (none: no Authorization header).
    func client(key: String?) -> Client {
        Client(serverURL: baseURL, transport: AsyncHTTPClientTransport(),
               middlewares: key.map { [BearerTokenMiddleware(token: $0)] } ?? [])
    }

    var admin: Client { client(key: adminKey.value) }

    /// Creates a customer through the test-control API and saves a test card through the customer API.
    func customer(_ name: String, card: String = "4242424242424242") async throws -> (id: String, key: String, client: Client) {
        let created = try await customerKey(name)
        let client = client(key: created.key)
        _ = try await client.addCard(body: .json(.init(number: card, expMonth: 12, expYear: 2030, cvc: "123")))
            .created.body.json
        return (created.id, created.key, client)
    }

    /// Creates a customer through the test-control API; answers their id and key.
    func customerKey(_ name: String) async throws -> (id: String, key: String) {
        let created = try await admin.createAccount(body: .json(.init(name: name, email: "\(name)@example.com")))
            .created.body.json
        return (created.id, created.apiKey)
    }

    /// A new customer `name` who paid for the lifetime themes on the hosted checkout page: the
    /// provider has its webhooks queued, none sent yet. Answers the customer's account id.
    @discardableResult func paidOnHostedCheckout(_ name: String) async throws -> String {
        let customer = try await customerKey(name)
        var generator = SystemRandomNumberGenerator()
        _ = try await provider.webhookSecrets(creatingWith: &generator)
        let session = try await provider.createCheckoutSession(NewCheckoutSession(
            accountID: customer.id, productID: "themes.lifetime", successURL: "http://127.0.0.1:9/return",
            cancelURL: "http://127.0.0.1:9/cancel", state: "abc"), using: &generator)
        _ = try await provider.payCheckoutSession(
            session.id, card: CardDetails(number: "4242424242424242", expiryMonth: 12, expiryYear: 2034, cvc: "123"))
        return customer.id
    }

    /// Sends a raw request, for what the generated client cannot send (bad JSON, wrong types).
    func raw(_ method: String, _ path: String, key: String?, body: String? = nil,
             headers: [(String, String)] = []) async throws -> (status: Int, body: String, contentType: String?) {
        var request = HTTPClientRequest(url: baseURL.absoluteString + path)
        request.method = HTTPMethod(rawValue: method)
        if let key { request.headers.add(name: "Authorization", value: "Bearer \(key)") }
        request.headers.add(contentsOf: headers)
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await HTTPClient.shared.execute(request, timeout: .seconds(30))
        let bytes = try await response.body.collect(upTo: 1 << 20)
        return (Int(response.status.code), String(buffer: bytes), response.headers.first(name: "Content-Type"))
    }
}
