import Foundation
import HostedCheckout
import HTTPTypes
import Hummingbird
import PaymentsCore
import Testing

/// Kiosk's webhook endpoint over real HTTP: verification of the raw body against the store
/// clock, and idempotent, order-tolerant application.
@Suite struct WebhookReceiverTests {
    /// A paid subscription checkout with its webhooks queued but not yet sent.
    private func paidSubscription(_ fixture: HostedCheckoutFixture) async throws -> CheckoutSession {
        let checkout = try await fixture.begin("pro.monthly")
        let paid = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("4242424242424242"))
        #expect(paid.status == 303)
        checkout.abandon()
        return try await checkout.outcome().session
    }

    private func post(_ fixture: HostedCheckoutFixture, _ headers: WebhookHeaders, _ body: Data) async throws -> Browser.Page {
        var fields = HTTPFields()
        for (name, value) in headers.httpHeaders {
            if let field = HTTPField.Name(name) { fields[field] = value }
        }
        fields[.contentType] = "application/json"
        return try await Browser.send(fixture.server.webhookURL.absoluteString, method: .post,
                                      body: String(decoding: body, as: UTF8.self), headers: fields)
    }

    private func event(_ type: WebhookEventType, subscription: String, at date: Date) throws -> Data {
        try WebhookEvent(businessId: "bus_kiosk", type: type, timestamp: date, data: WebhookEventData(
            payloadType: type.payloadType, subscriptionId: subscription, status: type.rawValue)).jsonBody()
    }

    private func secrets(_ fixture: HostedCheckoutFixture) async throws -> WebhookSecretSet {
        var generator = fixture.random
        return try await fixture.provider.webhookSecrets(creatingWith: &generator)
    }

    private func seconds(_ date: Date) -> Int64 { Int64(date.timeIntervalSince1970) }

    @Test func forgedStaleAndReplayedWebhooksChangeNothing() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        let session = try await paidSubscription(fixture)
        let delivery = try #require(try await fixture.provider.webhookDeliveries().first)
        let now = fixture.clock.now

        var other = SeededGenerator(seed: 7)
        let forger = WebhookSigner(secret: WebhookSecret.generate(using: &other))
        let forged = try await post(fixture, forger.headers(id: delivery.messageID, timestamp: seconds(now),
                                                            body: delivery.body), delivery.body)
        #expect(forged.status == 400)
        #expect(forged.body.contains("no valid signature"))

        let signer = WebhookSigner(secrets: try await secrets(fixture))
        let stale = try await post(fixture, signer.headers(id: delivery.messageID, timestamp: seconds(now) - 301,
                                                           body: delivery.body), delivery.body)
        #expect(stale.status == 400)
        #expect(stale.body.contains("timestamp too old"))
        let early = try await post(fixture, signer.headers(id: delivery.messageID, timestamp: seconds(now) + 301,
                                                           body: delivery.body), delivery.body)
        #expect(early.status == 400)
        var tampered = delivery.body
        tampered.append(contentsOf: Array(" ".utf8))
        let edited = try await post(fixture, signer.headers(id: delivery.messageID, timestamp: seconds(now),
                                                            body: delivery.body), tampered)
        #expect(edited.status == 400)
        #expect(try await fixture.provider.checkoutSession(session.id).confirmedAt == nil)

        let genuine = signer.headers(id: delivery.messageID, timestamp: seconds(now), body: delivery.body)
        #expect(try await post(fixture, genuine, delivery.body).status == 200)
        let confirmedAt = try #require(try await fixture.provider.checkoutSession(session.id).confirmedAt)

        fixture.clock.advance(by: 60)
        #expect(try await post(fixture, genuine, delivery.body).status == 200)  // a replay within tolerance: a duplicate
        let receipt = try await fixture.service.receiveWebhook(httpHeaders: genuine.httpHeaders, body: delivery.body)
        #expect(receipt == .duplicate)
        #expect(try await fixture.provider.checkoutSession(session.id).confirmedAt == confirmedAt)

        fixture.clock.advance(by: 300)
        let late = try await post(fixture, genuine, delivery.body)  // the captured request, replayed too late
        #expect(late.status == 400)
        #expect(late.body.contains("timestamp too old"))
        await fixture.server.stop()
    }

    @Test func aLateRenewalNeverResurrectsACancelledSubscription() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        let session = try await paidSubscription(fixture)
        let subscription = try #require(session.subscriptionID)
        let signer = WebhookSigner(secrets: try await secrets(fixture))
        let now = fixture.clock.now
        func send(_ id: String, _ type: WebhookEventType, at date: Date) async throws -> WebhookReceipt {
            let body = try event(type, subscription: subscription, at: date)
            let headers = signer.headers(id: id, timestamp: seconds(now), body: body)
            return try await fixture.service.receiveWebhook(httpHeaders: headers.httpHeaders, body: body)
        }
        #expect(try await send("msg_a", .subscriptionActive, at: now) == .applied(.subscriptionActive))
        #expect(try await send("msg_c", .subscriptionCancelled, at: now + 20) == .applied(.subscriptionCancelled))
        let lateRenewal = try await send("msg_b", .subscriptionRenewed, at: now + 10)
        #expect(lateRenewal == .ignored(.subscriptionRenewed, reason: "older than the last applied event"))
        let laterRenewal = try await send("msg_d", .subscriptionRenewed, at: now + 30)
        #expect(laterRenewal == .ignored(.subscriptionRenewed, reason: "subscription is already cancelled"))
        #expect(try await fixture.service.providerSubscriptionStatus(subscription) == "cancelled")
        #expect(try await send("msg_c", .subscriptionCancelled, at: now + 20) == .duplicate)
        await fixture.server.stop()
    }

    @Test func aSuccessEventForAnUnpaidSessionConfirmsNothing() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        let checkout = try await fixture.begin("themes")
        let signer = WebhookSigner(secrets: try await secrets(fixture))
        let body = try WebhookEvent(businessId: "bus_kiosk", type: .paymentSucceeded, timestamp: fixture.clock.now,
                                    data: WebhookEventData(payloadType: .payment, paymentId: "INV-000001",
                                                           checkoutSessionId: checkout.session.id)).jsonBody()
        let headers = signer.headers(id: "msg_x", timestamp: seconds(fixture.clock.now), body: body)
        let receipt = try await fixture.service.receiveWebhook(httpHeaders: headers.httpHeaders, body: body)
        #expect(receipt == .ignored(.paymentSucceeded, reason: "payment is not a paid invoice of the customer"))
        let session = try await fixture.provider.checkoutSession(checkout.session.id)
        #expect(session.confirmedAt == nil)
        #expect(session.paymentStatus == .unpaid)
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).isEmpty)
        checkout.abandon()
        _ = try await checkout.outcome()
        await fixture.server.stop()
    }

    /// The receiver checks the payment in its own books, not the provider's session: a signed
    /// success event for a paid session that names a payment which is not that customer's paid
    /// invoice confirms nothing; the genuine one does.
    @Test func aSuccessEventConfirmsOnlyAPaidInvoiceOfTheCustomer() async throws {
        let fixture = try await HostedCheckoutFixture(delivery: .manual)
        let session = try await paidSubscription(fixture)
        let paymentID = try #require(session.paymentID)
        let signer = WebhookSigner(secrets: try await secrets(fixture))
        func send(_ id: String, payment: String, customer: String) async throws -> WebhookReceipt {
            let body = try WebhookEvent(businessId: "bus_kiosk", type: .paymentSucceeded, timestamp: fixture.clock.now,
                                        data: WebhookEventData(payloadType: .payment, paymentId: payment,
                                                               checkoutSessionId: session.id, customerId: customer)).jsonBody()
            let headers = signer.headers(id: id, timestamp: seconds(fixture.clock.now), body: body)
            return try await fixture.service.receiveWebhook(httpHeaders: headers.httpHeaders, body: body)
        }
        let reason = "payment is not a paid invoice of the customer"
        #expect(try await send("msg_1", payment: "INV-999999", customer: fixture.account.id)
            == .ignored(.paymentSucceeded, reason: reason))
        #expect(try await send("msg_2", payment: paymentID, customer: "acct_someone_else")
            == .ignored(.paymentSucceeded, reason: reason))
        #expect(try await fixture.provider.checkoutSession(session.id).confirmedAt == nil)
        #expect(try await send("msg_3", payment: paymentID, customer: fixture.account.id) == .applied(.paymentSucceeded))
        #expect(try await fixture.provider.checkoutSession(session.id).confirmedAt != nil)
        await fixture.server.stop()
    }
}
