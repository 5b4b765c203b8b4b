import Foundation
import HostedCheckout
import PaymentsCore
import Testing

/// Issue 13, "the seams agree": a promo code and the idempotency key travel with the browser
/// checkout, and the hosted page shows exactly what will be charged.
@Suite struct CheckoutSeamsTests {
    static let catalog: Catalog = {
        var catalog = HostedCheckoutFixture.catalog
        catalog.plans[1].products = [SubscriptionProduct(
            id: "pro.monthly", period: ISODuration(months: 1), price: 999,
            intro: IntroOffer(type: .freeTrial, period: ISODuration(weeks: 1)))]
        catalog.offerCodes = [OfferCode(code: "WELCOME20", products: ["themes", "pro.monthly"],
                                        discount: .percent(20), expires: Date(timeIntervalSince1970: 1_924_991_999))]
        return catalog
    }()

    @Test func aFreeTrialShowsZeroTodayAndTheFirstRenewalAndChargesZero() async throws {
        let fixture = try await HostedCheckoutFixture(catalog: Self.catalog)
        let checkout = try await fixture.begin("pro.monthly")
        #expect(checkout.session.dueToday == .zero(.usd))
        #expect(checkout.session.firstRenewal == CheckoutRenewal(
            date: HostedCheckoutFixture.start + 7 * 24 * 60 * 60, amount: Money(minorUnits: 999, currency: .usd)))

        let page = try await Browser.get(checkout.checkoutURL.absoluteString)
        #expect(page.body.contains("<p class=\"due-today\">Due today: $0.00</p>"))
        #expect(page.body.contains("<p class=\"first-renewal\">First renewal on 2026-01-08: $9.99</p>"))
        #expect(page.body.contains("Pay $0.00</button>"))

        let paid = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("4242424242424242"))
        #expect(paid.status == 303)
        let session = try await fixture.provider.checkoutSession(checkout.session.id)
        let invoice = try await fixture.service.invoice(try #require(session.paymentID))
        #expect(invoice.total == .zero(.usd))
        let subscription = try #require(try await fixture.service.subscriptions(accountID: fixture.account.id).first)
        #expect(subscription.currentPeriodEnd == HostedCheckoutFixture.start + 7 * 24 * 60 * 60)
        await fixture.server.stop()
    }

    @Test func aPromoCodeTravelsWithTheSessionIsShownAndCharged() async throws {
        let fixture = try await HostedCheckoutFixture(catalog: Self.catalog)
        let checkout = try await fixture.begin("themes", offerCode: "welcome20")
        #expect(checkout.session.offerCode == "WELCOME20")

        let page = try await Browser.get(checkout.checkoutURL.absoluteString)
        #expect(page.body.contains("<p class=\"promo\">Promo code WELCOME20</p>"))
        #expect(page.body.contains("Due today: $11.99"))
        #expect(page.body.contains("Pay $11.99</button>"))

        _ = try await Browser.post(checkout.checkoutURL.absoluteString + "/pay", form: Browser.card("4242424242424242"))
        let session = try await fixture.provider.checkoutSession(checkout.session.id)
        let invoice = try await fixture.service.invoice(try #require(session.paymentID))
        #expect(invoice.total == Money(minorUnits: 1199, currency: .usd))
        #expect(invoice.lines.contains { $0.description == "Offer code WELCOME20" })
        await fixture.server.stop()
    }

    @Test func aPromoCodeOnATrialLeavesTodayAtZeroAndDiscountsTheFirstRenewal() async throws {
        let fixture = try await HostedCheckoutFixture(catalog: Self.catalog)
        let checkout = try await fixture.begin("pro.monthly", offerCode: "WELCOME20")
        #expect(checkout.session.dueToday == .zero(.usd))
        #expect(checkout.session.firstRenewal?.amount == Money(minorUnits: 799, currency: .usd))
        await fixture.server.stop()
    }

    @Test func aBadPromoCodeFailsBeforeTheBrowserOpens() async throws {
        let fixture = try await HostedCheckoutFixture(catalog: Self.catalog)
        await #expect(throws: PaymentsError.invalidOfferCode(code: "NOPE", reason: .unknown)) {
            _ = try await fixture.begin("themes", offerCode: "NOPE")
        }
        await fixture.server.stop()
    }

    @Test func theIdempotencyKeyReturnsTheSameSessionAndRefusesAnotherPurchase() async throws {
        let fixture = try await HostedCheckoutFixture(catalog: Self.catalog)
        var generator = fixture.random
        func create(_ productID: String, state: String) async throws -> CheckoutSession {
            try await fixture.provider.createCheckoutSession(NewCheckoutSession(
                accountID: fixture.account.id, productID: productID, successURL: "http://127.0.0.1:9/return",
                cancelURL: "http://127.0.0.1:9/cancel", state: state, idempotencyKey: "term.checkout.themes.1"),
                using: &generator)
        }
        let first = try await create("themes", state: "first")
        let retried = try await create("themes", state: "second")
        #expect(retried.id == first.id)
        await #expect(throws: PaymentsError.idempotencyKeyReused("term.checkout.themes.1")) {
            _ = try await create("pro.monthly", state: "third")
        }
        await fixture.server.stop()
    }
}

@Suite struct CheckoutIdempotencyAcrossListenersTests {
    /// A second `kiosk checkout open` with the same key cannot take over the first one's session,
    /// whose browser returns to the first listener: it says which session to finish instead.
    @Test func aReplayedKeyFromANewListenerNamesTheStartedSession() async throws {
        let fixture = try await HostedCheckoutFixture(catalog: CheckoutSeamsTests.catalog)
        let first = try await fixture.begin("themes", idempotencyKey: "open.themes")
        #expect(first.idempotencyKey == "open.themes")
        await #expect(throws: HostedCheckoutError.checkoutAlreadyStarted(sessionID: first.session.id)) {
            _ = try await fixture.begin("themes", idempotencyKey: "open.themes")
        }
        first.abandon()
        _ = try await first.outcome()
        await fixture.server.stop()
    }
}
