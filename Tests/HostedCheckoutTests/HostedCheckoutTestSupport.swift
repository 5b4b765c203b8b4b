import AsyncHTTPClient
import Foundation
import NIOHTTP1
import HostedCheckout
import HTTPTypes
import Hummingbird
import PaymentsCore
import Synchronization
import Testing
import KioskHTTP
import Simulators
import TestSupport

/// A store on a temporary database with a manual clock, the checkout server on a free port, and
/// a seeded generator, for the hosted-checkout tests.
struct HostedCheckoutFixture {
    let service: LocalPaymentsService
    let directory: URL
    /// The sandbox's provider beside the store, reaching it through its API.
    let provider: SimulatedCheckoutProvider
    let clock: ManualClock
    let random: SharedRandomGenerator
    let server: HostedCheckoutServer
    let account: Account

    static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

    init(delivery: WebhookDeliveryMode = .immediate, seed: UInt64 = 42, catalog: Catalog = Self.catalog,
         limits: HTTPServerLimits = .standard, host: String = "127.0.0.1", publicURL: URL? = nil) async throws {
        directory = ScratchDirectories.make("kiosk-checkout")
        clock = ManualClock(Self.start)
        let cards = SimulatedCardProcessor(directory: DataDirectory(url: directory))
        service = try LocalPaymentsService(directory: DataDirectory(url: directory), catalog: catalog, clock: clock,
                                           cardProcessor: cards)
        provider = SimulatedCheckoutProvider(directory: DataDirectory(url: directory), merchant: service,
                                             cardProcessor: cards, catalog: catalog, clock: clock)
        random = SharedRandomGenerator(SeededGenerator(seed: seed))
        server = try await HostedCheckoutServer.start(service: provider, endpoint: service, random: random,
                                                      clock: clock, delivery: delivery, limits: limits, host: host,
                                                      publicURL: publicURL, deliveryFailed: { Issue.record("a webhook run failed: \($0)") })
        account = try await service.createAccount(NewAccount(email: "ada@example.com", name: "Ada"))
    }

    func begin(_ productID: String, timeout: Duration = .seconds(600),
               lifetime: TimeInterval = NewCheckoutSession.defaultLifetime, offerCode: String? = nil,
               idempotencyKey: String? = nil) async throws -> PendingCheckout {
        var generator = random
        return try await PendingCheckout.begin(accountID: account.id, productID: productID, service: provider,
                                               server: server, timeout: timeout, lifetime: lifetime,
                                               offerCode: offerCode, idempotencyKey: idempotencyKey, using: &generator)
    }

    static let catalog = Catalog(
        name: "Checkout Test Store", currency: .usd, currencies: [],
        entitlements: [EntitlementDefinition(id: "premium", name: "Premium"),
                       EntitlementDefinition(id: "themes", name: "Themes")],
        features: [],
        plans: [
            Plan(id: "free", name: "Free", rank: 0, features: [:]),
            Plan(id: "pro", name: "Pro", rank: 1, entitlement: "premium", features: [:],
                 products: [SubscriptionProduct(id: "pro.monthly", period: ISODuration(months: 1), price: 999, prices: [:])]),
        ],
        products: [
            OneTimeProduct(id: "themes", type: .nonConsumable, name: "Theme pack", price: 1499, prices: [:],
                           entitlement: "themes"),
        ],
        offerCodes: [])
}

/// Plays the browser: one request per call, redirects are NOT followed (the test reads
/// `Location` and requests it itself), and `Host` is what a browser would send unless overridden.
/// A post to a checkout action first loads the session's page and sends back the form token it
/// carries, as a browser submitting the page's form does.
enum Browser {
    struct Page {
        let status: Int
        let location: String?
        let body: String
        var headers: HTTPFields = [:]

        /// The anti-forgery token of the page's forms, if it has any.
        var formToken: String? {
            guard let start = body.range(of: "name=\"csrf\" value=\"") else { return nil }
            let rest = body[start.upperBound...]
            return rest.firstIndex(of: "\"").map { String(rest[..<$0]) }
        }
    }

    static func get(_ url: String, host: String? = nil) async throws -> Page {
        let page = try await send(url, method: .get, host: host)
        if let token = page.formToken { seenTokens.withLock { $0[url] = token } }
        return page
    }

    static func post(_ url: String, form: [(String, String)] = [], host: String? = nil) async throws -> Page {
        var form = form
        if let page = checkoutPage(of: url), let token = try await formToken(forPage: page) {
            form.append(("csrf", token))
        }
        return try await post(url, form: form, host: host, headers: [:])
    }

    /// A post exactly as given: no token is added.
    static func post(_ url: String, form: [(String, String)], host: String? = nil, headers: HTTPFields) async throws -> Page {
        let body = form.map { name, value in
            "\(name)=\(value.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "")"
        }.joined(separator: "&")
        return try await send(url, method: .post, host: host, body: body, headers: headers)
    }

    /// `http://host/checkout/ID` for `http://host/checkout/ID/ACTION`.
    private static func checkoutPage(of url: String) -> String? {
        guard var components = URLComponents(string: url) else { return nil }
        let segments = components.path.split(separator: "/")
        guard segments.count == 3, segments[0] == "checkout" else { return nil }
        components.path = "/checkout/\(segments[1])"
        components.query = nil
        return components.string
    }

    /// The last token each page showed: a tab left open keeps its form after the session moved on.
    private static let seenTokens = Mutex<[String: String]>([:])

    private static func formToken(forPage page: String) async throws -> String? {
        try await get(page).formToken ?? seenTokens.withLock { $0[page] }
    }

    /// A form post unless `json`, whose body keeps the given content type.
    ///
    /// Sent with AsyncHTTPClient, which connects and writes the request on its event loop as a
    /// browser does: a client that wrote from the test's own task could be starved past the
    /// server's request timeout when the whole suite runs at once, and see the 408 close.
    static func send(_ url: String, method: HTTPRequest.Method, host: String? = nil, body: String? = nil,
                     headers extra: HTTPFields = [:], json: Bool = false) async throws -> Page {
        guard let components = URLComponents(string: url), let hostName = components.host, let port = components.port else {
            throw BrowserError.badURL(url)
        }
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method.rawValue)
        for field in extra { request.headers.add(name: field.name.rawName, value: field.value) }
        request.headers.replaceOrAdd(name: "Host", value: host ?? "\(hostName):\(port)")
        if let body {
            if !json { request.headers.replaceOrAdd(name: "Content-Type", value: "application/x-www-form-urlencoded") }
            request.body = .bytes(ByteBuffer(string: body))
        }
        let response = try await client.execute(request, timeout: .seconds(60))
        let answer = try await response.body.collect(upTo: 16 << 20)
        var headers = HTTPFields()
        for (name, value) in response.headers {
            if let name = HTTPField.Name(name) { headers.append(HTTPField(name: name, value: value)) }
        }
        return Page(status: Int(response.status.code), location: headers[.location],
                    body: String(buffer: answer), headers: headers)
    }

    /// One client for every test, never following redirects: the tests read `Location` themselves.
    private static let client = HTTPClient(
        eventLoopGroupProvider: .singleton,
        configuration: HTTPClient.Configuration(redirectConfiguration: .disallow))

    /// The card form of a session page, filled in.
    static func card(_ number: String, expiry: String = "12/34", cvc: String = "123") -> [(String, String)] {
        [("number", number), ("expiry", expiry), ("cvc", cvc), ("name", "Ada Lovelace")]
    }
}

enum BrowserError: Error {
    case badURL(String)
}
