import Foundation
@testable import HostedCheckout
import HTTPTypes
import Hummingbird
import PaymentsCore
import Testing

/// Issue 17 defect 6: the hosted checkout page refuses cross-site and token-less posts and sends
/// the usual security headers on every answer.
@Suite struct CheckoutPageSecurityTests {
    static let evil = "http://evil.example"

    private func expectNothingCharged(_ fixture: HostedCheckoutFixture, _ checkout: PendingCheckout) async throws {
        let session = try await fixture.provider.checkoutSession(checkout.session.id)
        #expect(session.status == .open)
        #expect(session.paymentStatus == .unpaid)
        #expect(try await fixture.service.paymentMethods(accountID: fixture.account.id).isEmpty)
        #expect(try await fixture.service.entitlements(accountID: fixture.account.id).isEmpty)
        #expect(try await fixture.provider.webhookDeliveries().isEmpty)
    }

    @Test func aCrossSitePostWithNoTokenDoesNotPay() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        let url = checkout.checkoutURL.absoluteString

        let forged = try await Browser.post(url + "/pay", form: Browser.card("4242424242424242"),
                                            headers: [.origin: Self.evil])
        #expect(forged.status == 403)
        #expect(forged.location == nil)
        #expect(forged.body.contains("Nothing was charged."))
        try await expectNothingCharged(fixture, checkout)
        await fixture.server.stop()
    }

    @Test func aCrossSiteOriginIsRefusedEvenWithTheRightToken() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        let url = checkout.checkoutURL.absoluteString
        let token = try #require(try await Browser.get(url).formToken)

        for headers: HTTPFields in [[.origin: Self.evil], [.referer: Self.evil + "/attack.html"],
                                    [.origin: "http://127.0.0.1:1"], [.origin: "null"]] {
            let forged = try await Browser.post(url + "/pay", form: Browser.card("4242424242424242") + [("csrf", token)],
                                                headers: headers)
            #expect(forged.status == 403, "\(headers)")
        }
        let cancel = try await Browser.post(url + "/cancel", form: [("csrf", token)], headers: [.origin: Self.evil])
        #expect(cancel.status == 403)
        try await expectNothingCharged(fixture, checkout)
        await fixture.server.stop()
    }

    @Test func aSameOriginPostWithoutOrWithAWrongTokenIsRefused() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        let other = try await fixture.begin("pro.monthly")
        let url = checkout.checkoutURL.absoluteString
        let otherToken = try #require(try await Browser.get(other.checkoutURL.absoluteString).formToken)

        for token in [nil, "", otherToken, String(repeating: "A", count: 43)] {
            let form = Browser.card("4242424242424242") + (token.map { [("csrf", $0)] } ?? [])
            let refused = try await Browser.post(url + "/pay", form: form, headers: [:])
            #expect(refused.status == 403, "token \(token ?? "none")")
        }
        try await expectNothingCharged(fixture, checkout)
        await fixture.server.stop()
    }

    /// Under `Referrer-Policy: same-origin` a browser posts the page's own form with its origin; a
    /// client that sends none (not a browser) still needs the form token.
    @Test func thePagesOwnFormPaysWithItsOwnOriginOrNone() async throws {
        let fixture = try await HostedCheckoutFixture()
        for origin in [fixture.server.baseURL.absoluteString, nil] {
            let checkout = try await fixture.begin(origin == nil ? "themes" : "pro.monthly")
            let url = checkout.checkoutURL.absoluteString
            let page = try await Browser.get(url)
            let token = try #require(page.formToken)
            #expect(page.body.contains("<input type=\"hidden\" name=\"csrf\" value=\"\(token)\">"))
            let paid = try await Browser.post(url + "/pay", form: Browser.card("4242424242424242") + [("csrf", token)],
                                              headers: origin.map { [.origin: $0, .referer: url] } ?? [:])
            #expect(paid.status == 303, "Origin \(origin ?? "none")")
            #expect(try await fixture.provider.checkoutSession(checkout.session.id).isPaid)
        }
        await fixture.server.stop()
    }

    /// `kiosk serve --public-url https://…` behind a proxy that ends TLS: the browser posts the
    /// page's form from the https origin, which is the page's own; other sites are still refused.
    /// The URL names its default port, which a browser's `Origin` leaves out.
    @Test func aPageBehindAnHTTPSPublicAddressPaysFromThatOrigin() async throws {
        let fixture = try await HostedCheckoutFixture(publicURL: URL(string: "https://shop.example.com:443"))
        let checkout = try await fixture.begin("themes")
        let local = checkout.checkoutURL.absoluteString
        let token = try #require(try await Browser.get(local, host: "shop.example.com").formToken)
        let card = Browser.card("4242424242424242") + [("csrf", token)]
        let page = "https://shop.example.com/checkout/\(checkout.session.id)"
        for origin in [Self.evil, "https://evil.example", "https://shop.example.com.evil.example"] {
            let forged = try await Browser.post(local + "/pay", form: card, host: "shop.example.com",
                                                headers: [.origin: origin, .referer: origin + "/"])
            #expect(forged.status == 403, "\(origin)")
        }
        try await expectNothingCharged(fixture, checkout)
        let paid = try await Browser.post(local + "/pay", form: card, host: "shop.example.com",
                                          headers: [.origin: "https://shop.example.com", .referer: page])
        #expect(paid.status == 303, "\(paid.body)")
        #expect(try await fixture.provider.checkoutSession(checkout.session.id).isPaid)
        await fixture.server.stop()
    }

    @Test func everyAnswerCarriesTheSecurityHeadersAndNoCookie() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        let url = checkout.checkoutURL.absoluteString
        let base = fixture.server.baseURL.absoluteString
        let answers = [
            try await Browser.get(url),
            try await Browser.get(base + "/nowhere"),
            try await Browser.get(base + "/api/checkout/sessions/\(checkout.session.id)"),
            try await Browser.post(url + "/pay", form: [], headers: [.origin: Self.evil]),
            try await Browser.post(url + "/cancel"),
            try await Browser.get(url),
        ]
        for answer in answers {
            let policy = try #require(answer.headers[.contentSecurityPolicy], "status \(answer.status)")
            #expect(policy.contains("default-src 'none'"))
            #expect(policy.contains("frame-ancestors 'none'"))
            #expect(policy.contains("base-uri 'none'"))
            #expect(!policy.contains("unsafe-inline"))
            #expect(!policy.contains("script-src"))
            #expect(answer.headers[HTTPField.Name("X-Frame-Options")!] == "DENY")
            #expect(answer.headers[HTTPField.Name("Referrer-Policy")!] == "same-origin")
            #expect(answer.headers[.xContentTypeOptions] == "nosniff")
            #expect(answer.headers[.setCookie] == nil)
        }
        #expect(!answers[0].body.contains("<script"))
        // The page's forms may follow the redirect to the loopback listener, and nowhere else.
        let listenerOrigin = try #require(URL(string: checkout.listener.returnURL)).absoluteString
            .components(separatedBy: "/checkout")[0]
        #expect(answers[0].headers[.contentSecurityPolicy]?.hasSuffix("form-action 'self' \(listenerOrigin)") == true)
        await fixture.server.stop()
    }

    /// Issue 41 item 22: the page is styled by one inline stylesheet the policy admits by hash
    /// (no 'unsafe-inline', nothing loaded from elsewhere) and names the store being paid.
    @Test func thePageIsStyledInlineUnderItsPolicyAndNamesTheStore() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        let page = try await Browser.get(checkout.checkoutURL.absoluteString)
        #expect(page.body.contains("<header class=\"store\">Checkout Test Store</header>"), "\(page.body)")
        #expect(page.body.contains("<title>Checkout · Checkout Test Store</title>"), "\(page.body)")
        let styles = page.body.components(separatedBy: "<style>")
        #expect(styles.count == 2, "one stylesheet")
        let sheet = try #require(styles.last?.components(separatedBy: "</style>").first)
        #expect(sheet == CheckoutStyle.sheet)
        #expect(CheckoutStyle.policySource.hasPrefix("'sha256-") && CheckoutStyle.policySource.count == 53)
        let policy = try #require(page.headers[.contentSecurityPolicy])
        #expect(policy.contains("style-src \(CheckoutStyle.policySource);"), "\(policy)")
        #expect(!policy.contains("unsafe-inline") && policy.contains("default-src 'none'"))
        #expect(page.body.contains("<label>Postal code (optional) <input name=\"postal\""), "the terminal's rule: optional")
        for external in ["<link", "src=", "url(", "@import"] { #expect(!page.body.contains(external), "\(external)") }
        await fixture.server.stop()
    }

    /// The page's postal code follows the terminal's rule: typed as spaces, it is refused there too.
    @Test func aBlankPostalCodeIsRefusedAsInTheTerminal() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        let answer = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay",
                                            form: Browser.card("4242424242424242") + [("postal", "  ")])
        #expect(answer.status == 400)
        #expect(answer.body.contains("Your postal code is incomplete."), "\(answer.body)")
        try await expectNothingCharged(fixture, checkout)
        await fixture.server.stop()
    }

    /// Issue 41 item 20: a store fault while paying does not leave the page at a dead end: it
    /// says what failed and links back to the app (the session's cancel address).
    @Test func aStoreFaultSaysWhatFailedAndOffersTheWayBack() async throws {
        let fixture = try await HostedCheckoutFixture()
        let checkout = try await fixture.begin("themes")
        try await fixture.service.updateStoreControls(StoreControls(faults: [
            StoreFault(operation: .purchase, error: .systemError, remaining: 1)]))
        let answer = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay",
                                            form: Browser.card("4242424242424242"))
        #expect(answer.status == 409, "\(answer.body)")
        #expect(answer.body.contains("<h1>The checkout could not continue</h1>"), "\(answer.body)")
        let session = try await fixture.provider.checkoutSession(checkout.session.id)
        #expect(answer.body.contains("<a href=\"\(HTMLText.escape(CheckoutRedirect.cancel(session)))\">Return to the app</a>"),
                "\(answer.body)")
        await fixture.server.stop()
    }
}
