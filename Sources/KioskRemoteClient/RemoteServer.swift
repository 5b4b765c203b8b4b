import AsyncHTTPClient
import Foundation
import KioskAPI
import NIOCore
import OpenAPIAsyncHTTPClient
import OpenAPIRuntime
import HTTPTypes

/// A running `kiosk serve` and the keys a storefront uses on it: the customer's API key for
/// everything the customer does, and optionally the server's admin key for the QA panel's
/// test-control calls (store controls, pending actions, test clocks, other accounts).
public struct RemoteServer: Sendable {
    public let url: URL
    let session: RemoteSession
    let customer: Client
    /// The change feed's reads, with a short deadline, so a poll of a server that hangs fails
    /// soon enough for the status line to say so.
    let feed: Client
    /// The change feed's Server-Sent Events stream, which stays open for as long as it lasts.
    let news: Client
    let admin: Client?
    var hasAdminKey: Bool { admin != nil }
    let transport: any ClientTransport

    /// The process's HTTP client. A refused connection fails the request at once: by default the
    /// client keeps trying to connect until the request's deadline, so with the server down every
    /// screen's call waited 15 s and the storefront took up to a minute to notice the server back.
    /// A static lives as long as the process, so the client never needs shutting down.
    static let httpClient = HTTPClient(eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: httpConfiguration)

    static let httpConfiguration: HTTPClient.Configuration = {
        var configuration = HTTPClient.Configuration()
        configuration.connectionPool.retryConnectionEstablishment = false
        return configuration
    }()

    /// A screen's call waits at most this long for the server.
    public static let callDeadline: TimeAmount = .seconds(15)
    /// A read of the change feed (polled every 2 s) waits at most this long.
    public static let feedDeadline: TimeAmount = .seconds(4)
    /// The live stream is reopened at least this often (a deadline, not a wait: it is open until then).
    public static let newsDeadline: TimeAmount = .hours(1)
    /// How long a checkout in the browser waits between reads of its session: soon enough that
    /// the screen follows the page within a second, one small read a second per waiting terminal.
    public static let checkoutPollInterval: Duration = .seconds(1)

    /// `transport` replaces the HTTP transport for every call (tests); by default calls and feed
    /// reads go over AsyncHTTPClient with `callDeadline` and `feedDeadline`.
    public init(url: URL, token: String, adminKey: String? = nil, transport: (any ClientTransport)? = nil) {
        self.url = url
        let calls = transport ?? AsyncHTTPClientTransport(configuration: .init(client: Self.httpClient, timeout: Self.callDeadline))
        let feedReads = transport ?? AsyncHTTPClientTransport(configuration: .init(client: Self.httpClient, timeout: Self.feedDeadline))
        let newsStream = transport ?? AsyncHTTPClientTransport(configuration: .init(client: Self.httpClient, timeout: Self.newsDeadline))
        self.transport = calls
        let session = RemoteSession(token: token)
        self.session = session
        customer = Client(serverURL: url, transport: calls, middlewares: [SessionTokenMiddleware(session: session)])
        feed = Client(serverURL: url, transport: feedReads, middlewares: [SessionTokenMiddleware(session: session)])
        news = Client(serverURL: url, transport: newsStream, middlewares: [SessionTokenMiddleware(session: session)])
        admin = adminKey.map {
            Client(serverURL: url, transport: calls, middlewares: [BearerTokenMiddleware(token: $0)])
        }
    }

    /// Runs one customer call; a connection failure or a refusal becomes a `RemoteCallFailure`
    /// naming what was being done and where.
    func call<Value: Sendable>(_ what: String, _ body: (Client) async throws -> Value) async throws -> Value {
        try await Self.calling(what, server: url) { try await body(customer) }
    }

    /// Runs one read of the change feed with the feed's short deadline.
    func feedCall<Value: Sendable>(_ what: String, _ body: (Client) async throws -> Value) async throws -> Value {
        try await Self.calling(what, server: url, deadline: Self.feedDeadline) { try await body(feed) }
    }

    /// Runs one call with another customer's key (an account just created with the admin key).
    func call<Value: Sendable>(_ what: String, token: String, _ body: (Client) async throws -> Value) async throws -> Value {
        let client = Client(serverURL: url, transport: transport, middlewares: [BearerTokenMiddleware(token: token)])
        return try await Self.calling(what, server: url) { try await body(client) }
    }

    /// Runs one test-control call with the admin key, or says that it needs one.
    func adminCall<Value: Sendable>(_ what: String, _ body: (Client) async throws -> Value) async throws -> Value {
        guard let admin else { throw RemoteUnavailableCall.needsAdminKey(what, server: url.absoluteString) }
        return try await Self.calling(what, server: url) { try await body(admin) }
    }

    private static func calling<Value: Sendable>(_ what: String, server: URL, deadline: TimeAmount = callDeadline,
                                                 _ body: () async throws -> Value) async throws -> Value {
        do {
            return try await body()
        } catch let problem as RemoteProblem {
            if let refusal = problem.paymentsError { throw refusal }
            throw RemoteCallFailure.refused(problem, while: what, server: server)
        } catch let error as ClientError {
            throw RemoteCallFailure(server: server.absoluteString, operation: what,
                                    reason: .unreachable(UnreachableCause.words(error.underlyingError, deadline: deadline)))
        }
    }
}

/// Sends `Authorization: Bearer <token>` with the session's current customer token, which
/// changes when the storefront signs in to an account it created.
struct SessionTokenMiddleware: ClientMiddleware {
    let session: RemoteSession

    func intercept(
        _ request: HTTPRequest, body: HTTPBody?, baseURL: URL, operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, URL) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        var request = request
        request.headerFields[.authorization] = "Bearer \(await session.currentToken)"
        return try await next(request, body, baseURL)
    }
}
