import Foundation
import Hummingbird
import PaymentsCore
import Synchronization
import KioskHTTP

/// Captures the browser's return from a hosted checkout on `http://127.0.0.1:<port>`, as CLI
/// logins do (RFC 8252 §7.3), for one session.
///
/// Only `GET /checkout/return` and `GET /checkout/cancel` are served; other methods get 405 and
/// a `Host` other than exactly `127.0.0.1:<port>` gets 400, which shuts out DNS-rebinding pages.
/// The URL is classified by the strict `RedirectDetector` with the session's state (compared in
/// constant time); the first valid redirect is the result, the state cannot be used twice, and
/// the socket stops listening at once.
public final class LoopbackRedirectListener: Sendable {
    public static let returnPath = "/checkout/return"
    public static let cancelPath = "/checkout/cancel"

    /// How long the browser's last response may take to be written once the result is known.
    private static let responseGrace: Duration = .seconds(2)

    private let server: LocalHTTPServer
    private let outcome: RedirectResultSlot
    private let timeoutTask: Task<Void, Never>

    public var port: Int { server.port }
    public var returnURL: String { "http://127.0.0.1:\(server.port)\(Self.returnPath)" }
    public var cancelURL: String { "http://127.0.0.1:\(server.port)\(Self.cancelPath)" }

    private init(server: LocalHTTPServer, outcome: RedirectResultSlot, timeoutTask: Task<Void, Never>) {
        self.server = server
        self.outcome = outcome
        self.timeoutTask = timeoutTask
    }

    /// Starts listening. `state` must be the unguessable value registered with the session
    /// (`[A-Za-z0-9._~-]`, 1 to 256 characters); after `timeout` the result is `.timedOut`.
    /// `limits` bounds each request (slow, idle or oversized ones are answered and closed).
    public static func start(state: String, timeout: Duration,
                             limits: HTTPServerLimits = .standard) async throws -> LoopbackRedirectListener {
        let outcome = RedirectResultSlot()
        let configuration = Mutex<LoopbackConfiguration?>(nil)
        let server = try await LocalHTTPServer.start(name: "kiosk-loopback", limits: limits) { request in
            await respond(to: request, configuration: configuration.withLock { $0 }, outcome: outcome)
        }
        let host = "127.0.0.1:\(server.port)"
        do {
            let detector = try RedirectDetector(returnURL: "http://\(host)\(returnPath)",
                                                cancelURL: "http://\(host)\(cancelPath)", state: state)
            configuration.withLock { $0 = LoopbackConfiguration(detector: detector, expectedHost: host) }
        } catch {
            await server.stop()
            throw HostedCheckoutError.invalidRedirectConfiguration(error.description)
        }
        let timeoutTask = Task {
            guard (try? await Task.sleep(for: timeout)) != nil else { return }
            outcome.resolve(.timedOut)
        }
        let listener = LoopbackRedirectListener(server: server, outcome: outcome, timeoutTask: timeoutTask)
        outcome.onResolve { server.stopListening() }
        return listener
    }

    /// Waits for the first of: a valid redirect, the timeout, `cancel()`. Then the listener is closed.
    public func result() async -> LoopbackRedirectResult {
        let value = await outcome.value()
        timeoutTask.cancel()
        await server.finish(grace: Self.responseGrace)
        return value
    }

    /// Gives up waiting (the user abandoned the checkout in the terminal).
    public func cancel() {
        outcome.resolve(.cancelled)
    }

    private static func respond(to request: Request, configuration: LoopbackConfiguration?,
                                outcome: RedirectResultSlot) async -> Response {
        guard let configuration else { return page(.serviceUnavailable, "Not ready yet.") }
        guard request.uri.path == returnPath || request.uri.path == cancelPath else {
            return page(.notFound, "Nothing here.")
        }
        guard request.method == .get else {
            var response = page(.methodNotAllowed, "Only GET is allowed here.")
            response.headers[.allow] = "GET"
            return response
        }
        guard request.head.authority == configuration.expectedHost else {
            return page(.badRequest, "Unexpected Host header.")
        }
        let url = "http://\(configuration.expectedHost)\(request.head.path ?? "")"
        let classification = configuration.detector.classify(url)
        switch classification.outcome {
        case .rejected, .ignored:
            return page(.badRequest, "This link is not valid for your checkout.")
        case .succeeded, .failed, .pending, .expired, .cancelled:
            guard outcome.resolve(.redirected(classification)) else {
                return page(.gone, "This checkout has already returned to your terminal.")
            }
            return page(.ok, "You can return to your terminal.")
        }
    }

    /// Every answer closes its connection, so nothing keeps the listener alive once it is done.
    private static func page(_ status: HTTPResponse.Status, _ message: String) -> Response {
        var response = HostedCheckoutRoutes.html(status, CheckoutPage.document(
            title: "Kiosk checkout", body: "<h1>\(HTMLText.escape(message))</h1>\n"))
        response.headers[.connection] = "close"
        return response
    }
}

/// What a request is checked against, known only once the port is bound.
private struct LoopbackConfiguration: Sendable {
    let detector: RedirectDetector
    /// `127.0.0.1:<port>`, the only acceptable `Host`.
    let expectedHost: String
}

/// What the loopback listener saw. Even `.redirected` with outcome `succeeded` is only a hint:
/// the caller confirms it by looking the session up on the server.
public enum LoopbackRedirectResult: Sendable, Hashable {
    /// The browser arrived at the return or cancel URL with a valid state.
    case redirected(RedirectClassification)
    /// Nothing valid arrived in time: the outcome is unknown.
    case timedOut
    /// The listener was cancelled (the user gave up in the terminal): the outcome is unknown.
    case cancelled
}
