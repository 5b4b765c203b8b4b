import Foundation
import Hummingbird
import PaymentsCore

/// Request handling of the checkout simulator, kept apart from starting and stopping it.
struct HostedCheckoutRoutes: Sendable {
    let service: any HostedCheckoutService
    /// The store whose webhook endpoint `POST /webhooks` is.
    let endpoint: any PaymentsService
    let formToken: CheckoutFormToken
    /// The pages, under the name of the store being paid.
    let pages: CheckoutPage
    /// The origin of the public address in front of the pages, if any (see `CrossSiteRequestCheck`).
    var publicOrigin: String?

    private static let maximumBody = 1 << 20

    func respond(to request: Request, afterOutcome: @escaping @Sendable () async -> Void) async -> Response {
        let segments = request.uri.path.split(separator: "/", omittingEmptySubsequences: false).dropFirst().map(String.init)
        do {
            switch (request.method, segments.count, segments.first) {
            case (.get, 2, "checkout") where ["finished", "cancelled"].contains(segments[1]):
                return Self.html(.ok, pages.finished())
            case (.get, 2, "checkout"):
                return try await page(segments[1])
            case (.post, 3, "checkout"):
                // Refused before the body is read or anything is charged.
                if let refusal = CrossSiteRequestCheck.refusal(for: request, publicOrigin: publicOrigin) {
                    return Self.html(.forbidden, pages.forbidden(refusal))
                }
                let form = FormFields(body: try await bodyText(request))
                guard formToken.accepts(form[CheckoutFormToken.fieldName], for: segments[1]) else {
                    return Self.html(.forbidden, pages.forbidden(
                        "This form has expired or did not come from this checkout page. Reload the page and try again."))
                }
                let response = try await action(segments[2], session: segments[1], form: form)
                await afterOutcome()
                return response
            case (.get, 4, "api") where segments[1] == "checkout" && segments[2] == "sessions":
                return try await lookup(segments[3])
            case (.post, 1, "webhooks"):
                return try await receiveWebhook(request)
            case (_, 2, "checkout"), (_, 3, "checkout"), (_, 1, "webhooks"), (_, 4, "api"):
                return Self.text(.methodNotAllowed, "Method not allowed\n")
            default:
                return Self.html(.notFound, pages.notFound())
            }
        } catch HostedCheckoutError.sessionNotFound {
            return Self.html(.notFound, pages.notFound())
        } catch let error as PaymentsError {
            return await failed(error, sessionID: segments.first == "checkout" && segments.count > 1 ? segments[1] : nil)
        } catch {
            return Self.text(.badRequest, "\(error)\n")
        }
    }

    /// The store refused the step (a fault, a rule): the page says what failed and offers the way
    /// back to the app, as the session's cancel link, instead of a dead end.
    private func failed(_ error: PaymentsError, sessionID: String?) async -> Response {
        var body = "<h1>The checkout could not continue</h1>\n<p role=\"alert\">\(HTMLText.escape(error.userMessage))</p>\n"
        var session: CheckoutSession?
        if let sessionID {
            do {
                session = try await service.checkoutSession(sessionID)
            } catch {
                // The page already says what failed; without the session there is no link back.
                session = nil
            }
        }
        if let session {
            body += "<p><a href=\"\(HTMLText.escape(CheckoutRedirect.cancel(session)))\">Return to the app</a>"
                + " (you can try again from there)</p>\n"
        } else {
            body += "<p>Close this page and return to the app to try again.</p>\n"
        }
        return Self.html(.conflict, pages.document(title: "Checkout", body: body), session: session)
    }

    private func page(_ id: String) async throws -> Response {
        let session = try await service.checkoutSession(id)
        switch session.status {
        case .expired:
            return Self.html(.gone, pages.expired(session))
        case .complete:
            return Self.html(.ok, pages.alreadyPaid(session, continueURL: CheckoutRedirect.success(session)))
        case .open where session.awaitingChallenge:
            return Self.html(.ok, pages.challenge(session, token: token(session)), session: session)
        case .open:
            return Self.html(.ok, pages.order(session, token: token(session), message: session.lastDeclineMessage),
                             session: session)
        }
    }

    private func action(_ name: String, session id: String, form: FormFields) async throws -> Response {
        switch name {
        case "pay":
            let expiry: CardExpiry
            do {
                expiry = try CardExpiry(parsing: form["expiry"] ?? "")
            } catch {
                let session = try await service.checkoutSession(id)
                return Self.html(.badRequest, pages.order(session, token: token(session), fieldErrors: [error.message]),
                                 session: session)
            }
            let name = form["name"].flatMap { $0.isEmpty ? nil : $0 }
            // The postal code as the terminal's card form takes it: optional, checked when typed.
            let postalCode = form["postal"].flatMap { $0.isEmpty ? nil : $0 }
            let card = CardDetails(number: form["number"] ?? "", expiry: expiry, cvc: form["cvc"] ?? "",
                                   cardholderName: name, postalCode: postalCode)
            return try await respond(to: service.payCheckoutSession(id, card: card))
        case "challenge":
            let outcome: ThreeDSecureOutcome = form["outcome"] == "approve" ? .approved : .failed
            return try await respond(to: service.answerChallenge(sessionID: id, outcome: outcome))
        case "cancel":
            let session = try await service.cancelCheckoutSession(id)
            if session.status == .complete { return Self.redirect(CheckoutRedirect.success(session)) }
            return Self.redirect(CheckoutRedirect.cancel(session))
        default:
            return Self.html(.notFound, pages.notFound())
        }
    }

    private func respond(to result: CheckoutPaymentResult) -> Response {
        switch result {
        case let .paid(session):
            return Self.redirect(CheckoutRedirect.success(session))
        case let .declined(session, message):
            return Self.html(HTTPResponse.Status(code: 402, reasonPhrase: "Payment Required"),
                             pages.order(session, token: token(session), message: message), session: session)
        case let .requiresAction(session):
            return Self.html(.ok, pages.challenge(session, token: token(session)), session: session)
        case let .invalidCard(session, errors):
            return Self.html(.badRequest, pages.order(session, token: token(session),
                                                             fieldErrors: errors.fieldMessages.map(\.message)),
                             session: session)
        case let .expired(session):
            return Self.html(.gone, pages.expired(session))
        }
    }

    private func token(_ session: CheckoutSession) -> String {
        formToken.token(for: session.id)
    }

    private func lookup(_ id: String) async throws -> Response {
        let session = try await service.checkoutSession(id)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        let body = try encoder.encode(CheckoutSessionLookup(session))
        var headers = HTTPFields()
        headers[.contentType] = "application/json"
        SecurityHeaders.apply(to: &headers)
        return Response(status: .ok, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(bytes: body)))
    }

    private func receiveWebhook(_ request: Request) async throws -> Response {
        var headers: [String: String] = [:]
        for field in request.headers { headers[field.name.canonicalName] = field.value }
        let body = try await request.body.collect(upTo: Self.maximumBody)
        let receipt = try await endpoint.receiveWebhook(httpHeaders: headers, body: Data(body.readableBytesView))
        switch receipt {
        case .applied, .duplicate, .ignored:
            return Self.text(.ok, "ok\n")
        case let .rejected(reason):
            return Self.text(.badRequest, "rejected: \(reason)\n")
        case let .malformed(reason):
            return Self.text(.badRequest, "malformed: \(reason)\n")
        }
    }

    private func bodyText(_ request: Request) async throws -> String {
        let body = try await request.body.collect(upTo: Self.maximumBody)
        return String(decoding: body.readableBytesView, as: UTF8.self)
    }

    /// A page with the security headers; a session's forms may be redirected to its return and
    /// cancel URLs.
    static func html(_ status: HTTPResponse.Status, _ html: String, session: CheckoutSession? = nil) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/html; charset=utf-8"
        headers[.cacheControl] = "no-store"
        SecurityHeaders.apply(to: &headers, formTargets: session.map { [$0.successURL, $0.cancelURL] } ?? [])
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: html)))
    }

    static func text(_ status: HTTPResponse.Status, _ text: String) -> Response {
        var headers = HTTPFields()
        headers[.contentType] = "text/plain; charset=utf-8"
        SecurityHeaders.apply(to: &headers)
        return Response(status: status, headers: headers, body: ResponseBody(byteBuffer: ByteBuffer(string: text)))
    }

    static func redirect(_ location: String) -> Response {
        var headers = HTTPFields()
        headers[.location] = location
        headers[.cacheControl] = "no-store"
        SecurityHeaders.apply(to: &headers)
        return Response(status: .seeOther, headers: headers)
    }
}
