import Foundation
import HostedCheckout
import HTTPTypes
import Hummingbird
import KioskServer
import Logging
import PaymentsCore
import Simulators
import Testing
import TestSupport

/// `kiosk serve` as a remote storefront sees it: a `KioskServer` on a free loopback port with the
/// checkout simulator beside it (the checkout test catalog, a manual clock), and two customers
/// with their API keys: Ada (the fixture's account) and Bob.
struct ServedCheckoutFixture {
    let checkout: HostedCheckoutFixture
    let origin: String
    let adaKey: String
    let bob: Account
    let bobKey: String
    private let task: Task<Void, any Error>

    var service: LocalPaymentsService { checkout.service }
    var provider: SimulatedCheckoutProvider { checkout.provider }
    var ada: Account { checkout.account }

    /// `opener: false` serves the API without a hosted checkout.
    static func start(opener: Bool = true, catalog: Catalog = HostedCheckoutFixture.catalog) async throws
        -> ServedCheckoutFixture {
        let checkout = try await HostedCheckoutFixture(catalog: catalog)
        let directory = ScratchDirectories.make("kiosk-served-checkout")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        var logger = Logger(label: "kiosk.test")
        logger.logLevel = .critical
        let server = KioskServer(service: checkout.service, appStore: SimulatedAppStore(beside: checkout.service),
                                 adminKey: try AdminKey.loadOrCreate(in: directory, using: &generator),
                                 host: "127.0.0.1", port: 0, checkoutOpener: opener ? checkout.server : nil,
                                 hostedCheckout: checkout.provider, logger: logger)
        let (ports, continuation) = AsyncStream.makeStream(of: Int.self)
        let task = Task { try await server.run { port in continuation.yield(port); continuation.finish() } }
        var iterator = ports.makeAsyncIterator()
        let port = try #require(await iterator.next())
        let adaKey = try await checkout.service.issueAPIKey(accountID: checkout.account.id)
        let bob = try await checkout.service.createAccount(NewAccount(email: "bob@example.com", name: "Bob"))
        let bobKey = try await checkout.service.issueAPIKey(accountID: bob.id)
        return ServedCheckoutFixture(checkout: checkout, origin: "http://127.0.0.1:\(port)", adaKey: adaKey, bob: bob,
                                     bobKey: bobKey, task: task)
    }

    func stop() async {
        task.cancel()
        _ = await task.result
        await checkout.server.stop()
    }

    /// One API call as raw HTTP; `key: nil` sends no Authorization header. The body is parsed as
    /// a JSON object.
    func call(_ method: HTTPRequest.Method, _ path: String, json: String? = nil, key: String?,
              idempotencyKey: String? = nil, host: String? = nil)
        async throws -> (status: Int, contentType: String?, body: [String: Any]) {
        var headers: HTTPFields = [:]
        if let key { headers[.authorization] = "Bearer \(key)" }
        if json != nil { headers[.contentType] = "application/json" }
        if let idempotencyKey, let name = HTTPField.Name("Idempotency-Key") { headers[name] = idempotencyKey }
        let answer = try await Browser.send(origin + path, method: method, host: host, body: json, headers: headers,
                                              json: json != nil)
        let object = try JSONSerialization.jsonObject(with: Data(answer.body.utf8)) as? [String: Any]
        return (answer.status, answer.headers[.contentType], try #require(object, "\(answer.body)"))
    }
}
