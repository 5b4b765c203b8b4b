import Foundation
import KioskAPI
import PaymentsCore
import StorefrontClient

/// Checkout in the browser on a remote storefront. The page runs beside `kiosk serve` and sends
/// the browser back to the server's return page, not to this terminal, so the terminal learns
/// the outcome from the server's session read, and settles by abandoning the session, whose
/// answer is what really happened (the payment may have won the race).
extension RemoteCalls {
    /// The order travels with the session (promo code, idempotency key): the page shows and
    /// charges what the terminal's summary promised, and a retry with the same key gets the same
    /// session back.
    func createCheckoutSession(_ request: HostedCheckoutRequest) async throws -> HostedCheckoutSession {
        _ = try await ownAccount(request.accountID)
        let answer = try await server.call("opening the checkout page for \(request.productID)") { api in
            let body = Components.Schemas.CheckoutSessionInput(productId: request.productID, offerCode: request.offerCode)
            switch try await api.createCheckoutSession(headers: .init(idempotencyKey: request.idempotencyKey),
                                                       body: .json(body)) {
            case let .created(created): return try created.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        return HostedCheckoutSession(answer)
    }

    func checkoutSession(_ sessionID: String) async throws -> HostedCheckoutSession {
        HostedCheckoutSession(try await readCheckoutSession(sessionID))
    }

    /// Reads the session until it has an outcome, pausing between reads. A server that cannot be
    /// reached is waited out rather than reported: the checkout screen's own timeout bounds the
    /// wait and then settles by abandoning the session, which reports the failure if it lasts.
    func awaitCheckoutOutcome(_ sessionID: String,
                              pause: @Sendable () async throws -> Void) async throws -> HostedCheckoutOutcome {
        while true {
            try Task.checkCancellation()
            do {
                if let outcome = try checkoutOutcome(try await readCheckoutSession(sessionID)) { return outcome }
            } catch let failure as RemoteCallFailure where failure.isUnreachable {
                // Waited out, as said above.
            }
            try await pause()
        }
    }

    func abandonCheckout(_ sessionID: String) async throws -> HostedCheckoutOutcome {
        let what = "asking the server how the checkout ended"
        let answer = try await server.call(what) { api in
            switch try await api.abandonCheckoutSession(path: .init(checkoutSessionId: sessionID)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
        guard let outcome = try checkoutOutcome(answer) else {
            throw RemoteCallFailure(server: serverName, operation: what,
                                    reason: .unreadableAnswer("an abandoned checkout session that is still open"))
        }
        return outcome
    }

    private func readCheckoutSession(_ sessionID: String) async throws -> Components.Schemas.CheckoutSession {
        try await server.call("reading the checkout session") { api in
            switch try await api.getCheckoutSession(path: .init(checkoutSessionId: sessionID)) {
            case let .ok(ok): return try ok.body.json
            case let .default(status, answer): throw try RemoteProblem(status: status, answer: answer)
            }
        }
    }

    /// The server's outcome as the checkout screen's; nil while the session can still be paid.
    private func checkoutOutcome(_ session: Components.Schemas.CheckoutSession) throws -> HostedCheckoutOutcome? {
        switch session.outcome {
        case nil:
            return nil
        case .succeeded:
            guard let invoiceID = session.invoiceId else {
                throw RemoteCallFailure(server: serverName, operation: "reading the checkout session",
                                        reason: .unreadableAnswer("a paid checkout session that names no invoice"))
            }
            return .succeeded(invoiceID: invoiceID)
        case .cancelled:
            return .cancelled
        case .expired:
            return .expired
        }
    }
}

extension HostedCheckoutSession {
    init(_ session: Components.Schemas.CheckoutSession) {
        self.init(id: session.id, url: session.checkoutUrl, expiresAt: session.expiresAt)
    }
}
