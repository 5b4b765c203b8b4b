import Foundation
import HostedCheckout
import Hummingbird
import PaymentsCore
import Testing

/// The customer API's hosted checkout (`/v1/checkout-sessions`), which a remote storefront's
/// browser checkout runs on: one customer's sessions only, the order's key and code travel with
/// the session, and every refusal is problem details.
@Suite(.serialized) struct CheckoutSessionAPITests {
    static let problemType = "https://kiosk.dev/problems/"

    @Test func aSessionShowsWhatThePageChargesAndARetriedKeyAnswersTheSameSession() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let body = #"{"product_id":"pro.monthly"}"#
        let created = try await served.call(.post, "/v1/checkout-sessions", json: body, key: served.adaKey,
                                            idempotencyKey: "order-1")
        #expect(created.status == 201)
        #expect(created.contentType == "application/json; charset=utf-8" || created.contentType == "application/json")
        let id = try #require(created.body["id"] as? String)
        #expect(created.body["checkout_url"] as? String == served.checkout.server.checkoutURL(sessionID: id).absoluteString)
        #expect(created.body["product_id"] as? String == "pro.monthly")
        #expect(created.body["status"] as? String == "open")
        #expect(created.body["payment_status"] as? String == "unpaid")
        #expect(created.body["outcome"] == nil)
        let due = try #require(created.body["due_today"] as? [String: Any])
        #expect(due["amount"] as? Int == 999 && due["currency"] as? String == "USD")
        #expect(created.body["first_renewal_at"] as? String == "2026-02-01T00:00:00Z")

        let retried = try await served.call(.post, "/v1/checkout-sessions", json: body, key: served.adaKey,
                                            idempotencyKey: "order-1")
        #expect(retried.status == 201 && retried.body["id"] as? String == id)
        let another = try await served.call(.post, "/v1/checkout-sessions", json: body, key: served.adaKey,
                                            idempotencyKey: "order-2")
        #expect(another.status == 201)
        #expect(another.body["id"] as? String != id)
        // Bob choosing Ada's key opens his own session, never hers.
        let bobs = try await served.call(.post, "/v1/checkout-sessions", json: body, key: served.bobKey,
                                         idempotencyKey: "order-1")
        #expect(bobs.status == 201 && bobs.body["id"] as? String != id)
        let otherOrder = try await served.call(.post, "/v1/checkout-sessions", json: #"{"product_id":"themes"}"#,
                                               key: served.adaKey, idempotencyKey: "order-1")
        expectProblem(otherOrder, 422, "idempotency-key-reused")

        let read = try await served.call(.get, "/v1/checkout-sessions/\(id)", key: served.adaKey)
        #expect(read.status == 200)
        #expect(read.body["id"] as? String == id && read.body["status"] as? String == "open")
        #expect(try await served.service.invoices(accountID: served.ada.id, query: InvoiceQuery()).items.isEmpty)
    }

    @Test func paidOnThePageTheReadSaysSucceededWithItsInvoice() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let created = try await served.call(.post, "/v1/checkout-sessions", json: #"{"product_id":"themes"}"#,
                                            key: served.adaKey, idempotencyKey: "order-1")
        let id = try #require(created.body["id"] as? String)
        let link = try #require(created.body["checkout_url"] as? String)
        let paid = try await Browser.post(link + "/pay", form: Browser.card("4242424242424242"))
        #expect(try #require(paid.location).hasPrefix(served.origin + "/checkout/return?"))

        let read = try await served.call(.get, "/v1/checkout-sessions/\(id)", key: served.adaKey)
        #expect(read.body["status"] as? String == "complete")
        #expect(read.body["payment_status"] as? String == "paid")
        #expect(read.body["outcome"] as? String == "succeeded")
        let invoiceID = try #require(read.body["invoice_id"] as? String)
        #expect(try await served.service.invoice(invoiceID).accountID == served.ada.id)
        #expect(read.body["due_today"] == nil)
        // Abandoning after the payment won the race answers the payment, and changes nothing.
        let abandoned = try await served.call(.post, "/v1/checkout-sessions/\(id)/abandon", key: served.adaKey)
        #expect(abandoned.status == 200)
        #expect(abandoned.body["outcome"] as? String == "succeeded" && abandoned.body["invoice_id"] as? String == invoiceID)
        #expect(try await served.service.invoices(accountID: served.ada.id, query: InvoiceQuery()).items.count == 1)
    }

    @Test func abandoningClosesTheSessionSoThePageCanNoLongerCharge() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let created = try await served.call(.post, "/v1/checkout-sessions", json: #"{"product_id":"pro.monthly"}"#,
                                            key: served.adaKey, idempotencyKey: "order-1")
        let id = try #require(created.body["id"] as? String)
        let link = try #require(created.body["checkout_url"] as? String)
        _ = try await Browser.get(link)

        let abandoned = try await served.call(.post, "/v1/checkout-sessions/\(id)/abandon", key: served.adaKey)
        #expect(abandoned.status == 200)
        #expect(abandoned.body["status"] as? String == "expired")
        #expect(abandoned.body["payment_status"] as? String == "unpaid")
        #expect(abandoned.body["outcome"] as? String == "cancelled")
        let again = try await served.call(.post, "/v1/checkout-sessions/\(id)/abandon", key: served.adaKey)
        #expect(again.status == 200 && again.body["outcome"] as? String == "cancelled")
        // The provider told the merchant at once, as when the customer cancels on the page.
        let deliveries = try await served.provider.webhookDeliveries()
        #expect(deliveries.map(\.eventType) == [.paymentCancelled])
        #expect(deliveries.map(\.status) == [.delivered])

        let late = try await Browser.post(link + "/pay", form: Browser.card("4242424242424242"))
        #expect(late.location == nil)
        #expect(try await served.service.invoices(accountID: served.ada.id, query: InvoiceQuery()).items.isEmpty)
        #expect(try await served.service.subscriptions(accountID: served.ada.id).isEmpty)
    }

    @Test func aSessionLeftUnpaidPastItsExpiryReadsExpired() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let created = try await served.call(.post, "/v1/checkout-sessions", json: #"{"product_id":"themes"}"#,
                                            key: served.adaKey)
        let id = try #require(created.body["id"] as? String)
        served.checkout.clock.advance(by: NewCheckoutSession.defaultLifetime + 1)
        let read = try await served.call(.get, "/v1/checkout-sessions/\(id)", key: served.adaKey)
        #expect(read.body["status"] as? String == "expired")
        #expect(read.body["outcome"] as? String == "expired")
    }

    @Test func anotherCustomersSessionAnswersNotFoundAndStaysOpen() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let created = try await served.call(.post, "/v1/checkout-sessions", json: #"{"product_id":"themes"}"#,
                                            key: served.adaKey, idempotencyKey: "order-1")
        let id = try #require(created.body["id"] as? String)
        for (method, path) in [(HTTPRequest.Method.get, "/v1/checkout-sessions/\(id)"),
                               (.post, "/v1/checkout-sessions/\(id)/abandon"),
                               (.get, "/v1/checkout-sessions/cks_doesnotexist"),
                               (.post, "/v1/checkout-sessions/cks_doesnotexist/abandon")] {
            let answer = try await served.call(method, path, key: served.bobKey)
            expectProblem(answer, 404, "not-found")
        }
        let read = try await served.call(.get, "/v1/checkout-sessions/\(id)", key: served.adaKey)
        #expect(read.body["status"] as? String == "open")
    }

    @Test func missingOrWrongKeysAnswerUnauthorized() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let created = try await served.call(.post, "/v1/checkout-sessions", json: #"{"product_id":"themes"}"#,
                                            key: served.adaKey)
        let id = try #require(created.body["id"] as? String)
        for key: String? in [nil, "kiosk_sk_wrong"] {
            expectProblem(try await served.call(.post, "/v1/checkout-sessions", json: #"{"product_id":"themes"}"#, key: key),
                          401, "unauthorized")
            expectProblem(try await served.call(.get, "/v1/checkout-sessions/\(id)", key: key), 401, "unauthorized")
            expectProblem(try await served.call(.post, "/v1/checkout-sessions/\(id)/abandon", key: key), 401, "unauthorized")
        }
        let read = try await served.call(.get, "/v1/checkout-sessions/\(id)", key: served.adaKey)
        #expect(read.body["status"] as? String == "open")
    }

    @Test func badOrdersAreRefusedWithTheirReason() async throws {
        let served = try await ServedCheckoutFixture.start()
        defer { Task { await served.stop() } }
        let cases: [(String, Int, String)] = [
            (#"{"product_id":""}"#, 400, "invalid-request"),
            (#"{"product_id":"\#(String(repeating: "x", count: 101))"}"#, 400, "invalid-request"),
            (#"{"offer_code":"SAVE5"}"#, 400, "invalid-request"),
            (#"{"product_id":"themes","color":"red"}"#, 400, "invalid-request"),
            (#"{"product_id":"#, 400, "invalid-request"),
            (#"{"product_id":"gold.bars"}"#, 404, "not-found"),
            (#"{"product_id":"themes","offer_code":"NOPE"}"#, 422, "invalid-offer-code"),
        ]
        for (json, status, kind) in cases {
            expectProblem(try await served.call(.post, "/v1/checkout-sessions", json: json, key: served.adaKey), status, kind)
        }
        let empty = try await served.call(.post, "/v1/checkout-sessions", json: #"{"product_id":""}"#, key: served.adaKey)
        #expect(empty.body["field"] as? String == "product_id")
        #expect(try await served.service.invoices(accountID: served.ada.id, query: InvoiceQuery()).items.isEmpty)
    }

    @Test func aServerWithoutAHostedCheckoutSaysSo() async throws {
        let served = try await ServedCheckoutFixture.start(opener: false)
        defer { Task { await served.stop() } }
        let answer = try await served.call(.post, "/v1/checkout-sessions", json: #"{"product_id":"themes"}"#,
                                           key: served.adaKey)
        expectProblem(answer, 503, "no-hosted-checkout")
        expectProblem(try await served.call(.get, "/v1/checkout-sessions/cks_1", key: served.adaKey), 503, "no-hosted-checkout")
    }

    private func expectProblem(_ answer: (status: Int, contentType: String?, body: [String: Any]), _ status: Int,
                               _ kind: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(answer.status == status, "\(answer.body)", sourceLocation: sourceLocation)
        #expect(answer.contentType == "application/problem+json", sourceLocation: sourceLocation)
        #expect(answer.body["type"] as? String == Self.problemType + kind, "\(answer.body)", sourceLocation: sourceLocation)
        #expect(answer.body["status"] as? Int == status, sourceLocation: sourceLocation)
        #expect((answer.body["title"] as? String)?.isEmpty == false, sourceLocation: sourceLocation)
    }
}
