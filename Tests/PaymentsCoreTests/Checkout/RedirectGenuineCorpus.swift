import PaymentsCore

/// Genuine returns from DodoPayments (one-time and subscription) and Stripe Checkout.
enum RedirectGenuineCorpus {
    private static let loop = "http://127.0.0.1:8765/checkout/return"

    private static func expect(
        _ session: RedirectSessionFixture,
        _ url: String,
        _ outcome: RedirectOutcome,
        _ reason: RedirectReason,
        payment: String? = nil,
        subscription: String? = nil,
        checkoutSession: String? = nil
    ) -> GenuineRedirect {
        GenuineRedirect(
            session: session,
            url: url,
            expected: RedirectClassification(
                outcome: outcome,
                reason: reason,
                paymentID: payment,
                subscriptionID: subscription,
                sessionID: checkoutSession
            )
        )
    }

    static let returns: [GenuineRedirect] = [
        // DodoPayments one-time payments.
        expect(.loopback, "\(loop)?payment_id=pay_0NZf3kQ&status=succeeded&state=st_8f3k2Q",
               .succeeded, .statusSucceeded, payment: "pay_0NZf3kQ"),
        expect(.loopback, "\(loop)?state=st_8f3k2Q&status=succeeded&payment_id=pay_0NZf3kQ",
               .succeeded, .statusSucceeded, payment: "pay_0NZf3kQ"),
        expect(.loopback, "\(loop)?payment_id=pay_1&status=failed&state=st_8f3k2Q",
               .failed, .statusFailed, payment: "pay_1"),
        expect(.loopback, "\(loop)?payment_id=pay_1&status=expired&state=st_8f3k2Q",
               .expired, .statusExpired, payment: "pay_1"),
        expect(.loopback, "\(loop)?payment_id=pay_1&status=processing&state=st_8f3k2Q",
               .pending, .statusProcessing, payment: "pay_1"),
        expect(.loopback, "\(loop)?payment_id=pay_1&status=requires_customer_action&state=st_8f3k2Q",
               .pending, .statusRequiresAction, payment: "pay_1"),
        expect(.loopback, "\(loop)?payment_id=pay_1&status=requires_payment_method&state=st_8f3k2Q",
               .pending, .statusRequiresAction, payment: "pay_1"),
        expect(.loopback, "\(loop)?payment_id=pay_1&status=partially_captured&state=st_8f3k2Q",
               .pending, .statusUnknown, payment: "pay_1"),
        expect(.loopback, "\(loop)?payment_id=pay_1&status=SUCCEEDED&state=st_8f3k2Q",
               .pending, .statusUnknown, payment: "pay_1"),
        expect(.loopback, "\(loop)?payment_id=pay_1&state=st_8f3k2Q",
               .pending, .statusMissing, payment: "pay_1"),
        expect(.loopback, "\(loop)?state=st_8f3k2Q", .pending, .statusMissing),
        expect(.loopback, "\(loop)?payment_id=pay_1&state=st_8f3k2Q#status=succeeded",
               .pending, .statusMissing, payment: "pay_1"),
        expect(.loopback, "\(loop)?payment_id=pay_1&status=succeeded&state=st_8f3k2Q#",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.loopback, "\(loop)?utm_source=mail&&payment_id=pay_1&status=succeeded&state=st_8f3k2Q&x=%E2%9C%93",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.loopback, "\(loop)?payment_id=\(String(repeating: "a", count: 128))&status=succeeded&state=st_8f3k2Q",
               .succeeded, .statusSucceeded, payment: String(repeating: "a", count: 128)),

        // DodoPayments subscriptions.
        expect(.loopback, "\(loop)?subscription_id=sub_9xYz-2&status=active&state=st_8f3k2Q",
               .succeeded, .statusActive, subscription: "sub_9xYz-2"),
        expect(.loopback, "\(loop)?subscription_id=sub_1&payment_id=pay_2&status=active&state=st_8f3k2Q",
               .succeeded, .statusActive, payment: "pay_2", subscription: "sub_1"),
        expect(.loopback, "\(loop)?subscription_id=sub_1&status=failed&state=st_8f3k2Q",
               .failed, .statusFailed, subscription: "sub_1"),
        expect(.loopback, "\(loop)?subscription_id=sub_1&status=on_hold&state=st_8f3k2Q",
               .pending, .statusUnknown, subscription: "sub_1"),

        // Cancel endpoints.
        expect(.loopback, "http://127.0.0.1:8765/checkout/cancel?state=st_8f3k2Q", .cancelled, .cancelEndpoint),
        expect(.loopback, "http://127.0.0.1:8765/checkout/cancel?reason=user&state=st_8f3k2Q",
               .cancelled, .cancelEndpoint),
        expect(.loopback, "http://127.0.0.1:8765/checkout/cancel?state=st_8f3k2Q&status=succeeded",
               .cancelled, .cancelEndpoint),
        expect(.shop, "https://shop.example.com/cancel?state=st_8f3k2Q", .cancelled, .cancelEndpoint),
        expect(.stripe, "https://shop.example.com/stripe/cancel?state=st_8f3k2Q", .cancelled, .cancelEndpoint),

        // Registered query items, host case and default ports.
        expect(.shop, "https://shop.example.com/checkout/return?ref=kiosk&payment_id=pay_1&status=succeeded&state=st_8f3k2Q",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.shop, "https://shop.example.com/checkout/return?payment_id=pay_1&status=succeeded&state=st_8f3k2Q&ref=kiosk",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.shop, "https://shop.example.com/checkout/return?ref=ki%6Fsk&payment_id=pay_1&status=succeeded&state=st_8f3k2Q",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.shop, "https://SHOP.Example.COM/checkout/return?ref=kiosk&payment_id=pay_1&status=succeeded&state=st_8f3k2Q",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.shop, "https://shop.example.com:443/checkout/return?ref=kiosk&payment_id=pay_1&status=succeeded&state=st_8f3k2Q",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.explicitPort, "http://example.net/r?payment_id=pay_1&status=succeeded",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.explicitPort, "http://example.net:80/r?payment_id=pay_1&status=succeeded",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.rootPath, "https://root.example/?payment_id=pay_1&status=succeeded",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.rootPath, "https://root.example?payment_id=pay_1&status=succeeded",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.rootPath, "https://root.example:443", .pending, .statusMissing),

        // Sessions without state.
        expect(.stateless, "https://pay.example.org/return?payment_id=pay_1&status=succeeded",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.stateless, "https://pay.example.org:443/return?subscription_id=sub_1&status=active",
               .succeeded, .statusActive, subscription: "sub_1"),
        expect(.stateless, "https://pay.example.org/return?payment_id=pay_1&status=failed&state=anything",
               .failed, .statusFailed, payment: "pay_1"),
        expect(.stateless, "https://pay.example.org/return", .pending, .statusMissing),

        // Stripe Checkout success URLs carry a session id and no status.
        expect(.stripe, "https://shop.example.com/stripe/success?session_id=cs_test_a1B2c3&state=st_8f3k2Q",
               .pending, .checkoutSessionReturned, checkoutSession: "cs_test_a1B2c3"),
        expect(.stripe, "https://shop.example.com/stripe/success?state=st_8f3k2Q&session_id=cs_live_Zz9",
               .pending, .checkoutSessionReturned, checkoutSession: "cs_live_Zz9"),
        expect(.stripe, "https://shop.example.com/stripe/success?session_id=cs_test_1&state=st_8f3k2Q&status=succeeded",
               .pending, .checkoutSessionReturned, checkoutSession: "cs_test_1"),

        // Internationalized and IPv6 hosts.
        expect(.idn, "https://xn--bcher-kva.example/return?payment_id=pay_1&status=succeeded&state=st_8f3k2Q",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.idn, "https://XN--BCHER-KVA.example/return?payment_id=pay_1&status=succeeded&state=st_8f3k2Q",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.idn, "https://bücher.example/return?payment_id=pay_1&status=succeeded&state=st_8f3k2Q",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.idn, "https://BÜCHER.example/return?payment_id=pay_1&status=succeeded&state=st_8f3k2Q",
               .succeeded, .statusSucceeded, payment: "pay_1"),
        expect(.ipv6, "http://[::1]:8765/v6/return?payment_id=pay_1&status=succeeded&state=st_8f3k2Q",
               .succeeded, .statusSucceeded, payment: "pay_1"),
    ]
}
