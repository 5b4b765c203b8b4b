import Foundation
import KioskAPI
import PaymentsCore

/// A remote storefront's checkout in the browser: the customer API opens a hosted-checkout
/// session for the caller's order, reads it, and abandons it. The browser comes back to this
/// server's return page, not to the terminal, so the terminal learns the outcome only here, from
/// the provider's session lookup; a session of another customer answers 404 like one that does
/// not exist.
extension KioskAPIHandler {
    func createCheckoutSession(_ input: Operations.CreateCheckoutSession.Input) async throws
        -> Operations.CreateCheckoutSession.Output {
        let accountID = try customerID()
        guard case let .json(body) = input.body else { throw Problem.invalidRequest("expected a JSON body") }
        try Self.checkLength(body.productId, field: "product_id")
        if let code = body.offerCode { try Self.checkLength(code, field: "offer_code") }
        let (provider, origin) = try checkoutProvider()
        // Scoped to the customer, so two customers choosing the same key never share a session.
        let session = try await provider.openCheckout(
            accountID: accountID, productID: body.productId, offerCode: body.offerCode,
            idempotencyKey: try scoped(input.headers.idempotencyKey),
            successURL: origin.appendingPathComponent("checkout/return"),
            cancelURL: origin.appendingPathComponent("checkout/cancelled"))
        let now = try await service.now(for: accountID)
        return .created(.init(body: .json(.init(session, page: RequestHost.relink(provider.checkoutPageURL(sessionID: session.id)), now: now))))
    }

    func getCheckoutSession(_ input: Operations.GetCheckoutSession.Input) async throws
        -> Operations.GetCheckoutSession.Output {
        let accountID = try customerID()
        let (provider, _) = try checkoutProvider()
        let session = try await ownCheckoutSession(input.path.checkoutSessionId, accountID: accountID, provider: provider)
        let now = try await service.now(for: accountID)
        return .ok(.init(body: .json(.init(session, page: RequestHost.relink(provider.checkoutPageURL(sessionID: session.id)), now: now))))
    }

    func abandonCheckoutSession(_ input: Operations.AbandonCheckoutSession.Input) async throws
        -> Operations.AbandonCheckoutSession.Output {
        let accountID = try customerID()
        let (provider, _) = try checkoutProvider()
        let own = try await ownCheckoutSession(input.path.checkoutSessionId, accountID: accountID, provider: provider)
        let closed = try await provider.closeCheckoutSession(own.id)
        let now = try await service.now(for: accountID)
        return .ok(.init(body: .json(.init(closed, page: RequestHost.relink(provider.checkoutPageURL(sessionID: closed.id)), now: now))))
    }

    /// The caller's session, or 404 for one that is not theirs (the same answer as for none).
    private func ownCheckoutSession(_ id: String, accountID: String,
                                    provider: any HostedCheckoutOpener) async throws -> CheckoutSession {
        try Self.checkLength(id, field: "checkout_session_id")
        let session = try await provider.checkoutSession(id)
        guard session.accountID == accountID else { throw HostedCheckoutError.sessionNotFound(id) }
        return session
    }

    /// The provider and the origin its pages send the browser back to; a server started without
    /// a hosted checkout says so (503) rather than failing later.
    private func checkoutProvider() throws -> (any HostedCheckoutOpener, URL) {
        guard let checkoutOpener, let origin = origin.value else {
            throw Problem(status: .serviceUnavailable, kind: "no-hosted-checkout", title: "No hosted checkout",
                          detail: "This server runs no hosted-checkout provider, so it cannot open a checkout in the browser.")
        }
        return (checkoutOpener, origin)
    }

    /// The contract's length bounds, which the generated server does not enforce.
    private static func checkLength(_ value: String, field: String) throws {
        guard (1...100).contains(value.count) else {
            throw Problem(status: .badRequest, kind: "invalid-request", title: "The request is not valid",
                          detail: "\(field) must be 1 to 100 characters", field: field)
        }
    }
}
