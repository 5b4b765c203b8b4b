import Foundation
import HostedCheckout
import PaymentsCore
import Testing

/// The issue's done-when: the real servers, a test playing the browser, the webhook verified and
/// applied, and the entitlement active only when the server says the session is paid.
@Suite struct HostedCheckoutEndToEndTests {
    @Test func payingForAOneTimeProductRedirectsConfirmsAndGrantsTheEntitlement() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")

        let page = try await Browser.get(checkout.checkoutURL.absoluteString)
        #expect(page.status == 200)
        #expect(page.body.contains("Theme pack"))
        #expect(page.body.contains("$14.99"))
        #expect(page.body.contains("name=\"cvc\""))

        let paid = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("4242424242424242"))
        #expect(paid.status == 303)
        let location = try #require(paid.location)
        #expect(location.hasPrefix(checkout.listener.returnURL + "?payment_id=INV-"))
        #expect(location.contains("&status=succeeded&state=\(checkout.session.state)"))

        let landing = try await Browser.get(location)
        #expect(landing.status == 200)
        #expect(landing.body.contains("You can return to your terminal."))

        let confirmation = try await checkout.outcome()
        guard case let .redirected(classification) = confirmation.redirect else {
            Issue.record("expected a redirect, got \(confirmation.redirect)")
            return
        }
        #expect(classification.outcome == .succeeded)
        #expect(confirmation.verdict == .paid)
        #expect(confirmation.redirectAgrees)
        #expect(confirmation.session.paymentID == classification.paymentID)
        #expect(confirmation.session.confirmedAt != nil)
        let deliveries = try await fixture.provider.webhookDeliveries()
        #expect(deliveries.map(\.eventType) == [.paymentSucceeded])
        #expect(deliveries.map(\.status) == [.delivered])
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).map(\.id) == ["themes"])
        await fixture.server.stop()
    }

    @Test func payingForASubscriptionRedirectsWithTheSubscriptionAndActivatesIt() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("pro.monthly")

        let page = try await Browser.get(checkout.checkoutURL.absoluteString)
        #expect(page.body.contains("$9.99 / monthly"))
        let paid = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("5555555555554444"))
        let location = try #require(paid.location)
        #expect(location.hasPrefix(checkout.listener.returnURL + "?subscription_id=sub_"))
        #expect(location.contains("&status=active&state="))
        _ = try await Browser.get(location)

        let confirmation = try await checkout.outcome()
        #expect(confirmation.verdict == .paid)
        let subscriptionID = try #require(confirmation.session.subscriptionID)
        #expect(try await fixture.service.providerSubscriptionStatus(subscriptionID) == "active")
        #expect(try await fixture.provider.webhookDeliveries().map(\.eventType) == [.paymentSucceeded, .subscriptionActive])
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).map(\.id) == ["premium"])
        await fixture.server.stop()
    }

    @Test func cancellingGoesToTheCancelURLAndGrantsNothing() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")

        let cancelled = try await Browser.post(checkout.checkoutURL.absoluteString + "/cancel")
        #expect(cancelled.status == 303)
        let location = try #require(cancelled.location)
        #expect(location == checkout.listener.cancelURL + "?state=\(checkout.session.state)")
        #expect(try await Browser.get(location).status == 200)

        let confirmation = try await checkout.outcome()
        guard case let .redirected(classification) = confirmation.redirect else {
            Issue.record("expected a redirect, got \(confirmation.redirect)")
            return
        }
        #expect(classification.outcome == .cancelled)
        #expect(confirmation.verdict == .notPaid)
        #expect(try await fixture.provider.webhookDeliveries().map(\.eventType) == [.paymentCancelled])
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).isEmpty)
        let repay = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("4242424242424242"))
        #expect(repay.status == 410)
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).isEmpty)
        await fixture.server.stop()
    }

    @Test func aDeclineShowsTheMessageKeepsTheSessionOpenAndAnotherCardCanPay() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        let url = checkout.checkoutURL.absoluteString

        let declined = try await Browser.post(url + "/pay", form: Browser.card("4000000000009995"))
        #expect(declined.status == 402)
        #expect(declined.body.contains("Your card has insufficient funds."))
        #expect(declined.location == nil)
        var session = try await fixture.provider.checkoutSession(checkout.session.id)
        #expect(session.status == .open)
        #expect(session.paymentStatus == .unpaid)
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).isEmpty)
        #expect(try await fixture.service.paymentMethods(accountID: fixture.account.id).isEmpty)

        let paid = try await Browser.post(url + "/pay", form: Browser.card("4242424242424242"))
        _ = try await Browser.get(try #require(paid.location))
        let confirmation = try await checkout.outcome()
        #expect(confirmation.verdict == .paid)
        session = confirmation.session
        #expect(session.lastDeclineMessage == nil)
        #expect(try await fixture.provider.webhookDeliveries().map(\.eventType) == [.paymentFailed, .paymentSucceeded])
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).map(\.id) == ["themes"])
        await fixture.server.stop()
    }

    @Test func anAbandonedDeclinedCheckoutIsStillOpenAndUnpaid() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        _ = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("4000000000000002"))
        checkout.abandon()
        let confirmation = try await checkout.outcome()
        #expect(confirmation.redirect == .cancelled)
        #expect(confirmation.verdict == .stillOpen)
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).isEmpty)
        await fixture.server.stop()
    }

    @Test func anAbandonedCheckoutThatWasPaidIsReconciledAsPaid() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        let paid = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("4242424242424242"))
        #expect(paid.status == 303)
        checkout.abandon()  // the browser never followed the redirect
        let confirmation = try await checkout.outcome()
        #expect(confirmation.redirect == .cancelled)
        #expect(confirmation.verdict == .paid)
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).map(\.id) == ["themes"])
        await fixture.server.stop()
    }

    @Test func anExpiredSessionShowsTheExpiredPageAndCannotBePaid() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        // The customer opened the page (its form and token) before the session ran out.
        #expect(try await Browser.get(checkout.checkoutURL.absoluteString).formToken != nil)
        fixture.clock.advance(by: NewCheckoutSession.defaultLifetime + 1)

        let page = try await Browser.get(checkout.checkoutURL.absoluteString)
        #expect(page.status == 410)
        #expect(page.body.contains("This checkout has expired"))
        let attempt = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("4242424242424242"))
        #expect(attempt.status == 410)
        #expect(attempt.location == nil)

        checkout.abandon()
        let confirmation = try await checkout.outcome()
        #expect(confirmation.verdict == .notPaid)
        #expect(confirmation.session.status == .expired)
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).isEmpty)
        #expect(try await fixture.service.invoices(accountID: fixture.account.id, query: InvoiceQuery()).items.isEmpty)
        await fixture.server.stop()
    }

    @Test func aThreeDSecureCardShowsTheChallengeAndApprovalPays() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        let url = checkout.checkoutURL.absoluteString

        let challenge = try await Browser.post(url + "/pay", form: Browser.card("4000002500003155"))
        #expect(challenge.status == 200)
        #expect(challenge.body.contains("value=\"approve\""))
        #expect(try await Browser.get(url).body.contains("value=\"fail\""))
        let failed = try await Browser.post(url + "/challenge", form: [("outcome", "fail")])
        #expect(failed.status == 402)
        #expect(failed.body.contains("We are unable to authenticate your payment method."))

        _ = try await Browser.post(url + "/pay", form: Browser.card("4000002500003155"))
        let approved = try await Browser.post(url + "/challenge", form: [("outcome", "approve")])
        #expect(approved.status == 303)
        _ = try await Browser.get(try #require(approved.location))
        #expect(try await checkout.outcome().verdict == .paid)
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).map(\.id) == ["themes"])
        await fixture.server.stop()
    }

    @Test func aForgedSuccessRedirectGrantsNothing() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        let forged = checkout.listener.returnURL
            + "?payment_id=INV-999999&status=succeeded&state=\(checkout.session.state)"
        #expect(try await Browser.get(forged).status == 200)
        let confirmation = try await checkout.outcome()
        guard case let .redirected(classification) = confirmation.redirect else {
            Issue.record("expected a redirect, got \(confirmation.redirect)")
            return
        }
        #expect(classification.outcome == .succeeded)
        #expect(confirmation.verdict == .stillOpen)
        #expect(!confirmation.redirectAgrees)
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).isEmpty)
        await fixture.server.stop()
    }

    @Test func theSessionLookupEndpointReportsServerSideTruth() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        let lookupURL = fixture.server.baseURL.absoluteString + "/api/checkout/sessions/" + checkout.session.id
        let before = try await Browser.get(lookupURL)
        #expect(before.body.contains("\"payment_status\":\"unpaid\""))
        #expect(before.body.contains("\"status\":\"open\""))
        _ = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("4242424242424242"))
        let after = try await Browser.get(lookupURL)
        #expect(after.body.contains("\"payment_status\":\"paid\""))
        #expect(after.body.contains("\"status\":\"complete\""))
        #expect(after.body.contains("\"confirmed_by_webhook\":true"))
        checkout.abandon()
        _ = try await checkout.outcome()
        await fixture.server.stop()
    }
}
