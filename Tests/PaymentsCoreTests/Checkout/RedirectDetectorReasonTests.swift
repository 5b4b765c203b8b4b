import PaymentsCore
import Testing

/// Each rejection must fire for its own reason, not by accident of an earlier check.
@Suite("Redirect detector reasons")
struct RedirectDetectorReasonTests {
    private static let loop = "http://127.0.0.1:8765/checkout/return"

    static let loopbackReasons: [(String, RedirectReason)] = [
        ("", .emptyURL),
        ("\(loop)?pad=\(String(repeating: "a", count: 8200))", .urlTooLong),
        ("\(loop)?state=st_8f3k2Q&status=succeeded\t", .whitespaceOrControlCharacter),
        ("http://127.0.0.1:8765\\@evil.com/", .backslash),
        ("\(loop)?state=st_8f3k2Q&x=é", .nonASCIICharacter),
        ("\(loop)?state=st_8f3k2Q&x=%G1", .invalidPercentEncoding),
        ("//evil.com", .missingScheme),
        ("HTTP://127.0.0.1:8765/checkout/return", .nonCanonicalScheme),
        ("ftp://127.0.0.1:8765/checkout/return", .unsupportedScheme),
        ("http:127.0.0.1:8765/checkout/return", .missingAuthority),
        ("http://127.0.0.1:8765@evil.com/", .userinfoPresent),
        ("http://@127.0.0.1:8765/checkout/return", .userinfoPresent),
        ("http:///checkout/return", .missingHost),
        ("http://exa mple.com/", .whitespaceOrControlCharacter),
        ("http://exa$mple.com/", .invalidHost),
        ("http://127.1:8765/checkout/return", .nonCanonicalIPAddress),
        ("http://127.0.0.1:65536/checkout/return", .invalidPort),
        ("https://evil.com/payment-success", .notOurEndpoint),
        ("\(loop)?status=failed&status=succeeded&state=st_8f3k2Q", .duplicateParameter),
        ("\(loop)?status=succeeded%20&state=st_8f3k2Q", .invalidStatus),
        ("\(loop)?payment_id=p!&state=st_8f3k2Q", .invalidPaymentID),
        ("\(loop)?subscription_id=s!&state=st_8f3k2Q", .invalidSubscriptionID),
        ("\(loop)?session_id=c!&state=st_8f3k2Q", .invalidSessionID),
        ("\(loop)?status=succeeded", .missingState),
        ("\(loop)?status=succeeded&state=st%208f3k2Q", .invalidState),
        ("\(loop)?status=succeeded&state=st_8f3k2R", .stateMismatch),
    ]

    @Test("Loopback session rejection reasons", arguments: loopbackReasons)
    func loopbackReason(url: String, reason: RedirectReason) throws {
        let classification = try RedirectSessionFixture.loopback.makeDetector().classify(url)
        #expect(classification.reason == reason)
        let expectedOutcome: RedirectOutcome = reason == .notOurEndpoint ? .ignored : .rejected
        #expect(classification.outcome == expectedOutcome)
    }

    @Test("A missing registered query item means the URL is not our endpoint")
    func registeredQueryMismatchIsIgnored() throws {
        let detector = try RedirectSessionFixture.shop.makeDetector()
        let classification = detector.classify(
            "https://shop.example.com/checkout/return?ref=other&status=succeeded&state=st_8f3k2Q"
        )
        #expect(classification == RedirectClassification(outcome: .ignored, reason: .registeredQueryMismatch))
    }

    @Test("A Stripe return without its session id is rejected")
    func stripeReturnWithoutSessionID() throws {
        let detector = try RedirectSessionFixture.stripe.makeDetector()
        let classification = detector.classify("https://shop.example.com/stripe/success?state=st_8f3k2Q")
        #expect(classification == RedirectClassification(outcome: .rejected, reason: .missingSessionID))
    }

    @Test("Percent-encoded parameter names are read as their decoded names")
    func encodedParameterName() throws {
        let detector = try RedirectSessionFixture.loopback.makeDetector()
        let classification = detector.classify("\(Self.loop)?st%61tus=failed&payment_id=pay_1&state=st_8f3k2Q")
        #expect(classification == RedirectClassification(outcome: .failed, reason: .statusFailed, paymentID: "pay_1"))
    }

    @Test("The session id template may use any parameter name")
    func customTemplateName() throws {
        let detector = try RedirectDetector(returnURL: "https://a.example/done?cs={CHECKOUT_SESSION_ID}")
        #expect(
            detector.classify("https://a.example/done?cs=cs_test_9")
                == RedirectClassification(outcome: .pending, reason: .checkoutSessionReturned, sessionID: "cs_test_9")
        )
        #expect(detector.classify("https://a.example/done?cs=cs_1&cs=cs_2").reason == .duplicateParameter)
        #expect(detector.classify("https://a.example/done?session_id=cs_1").reason == .missingSessionID)
    }

    @Test("A registered host with uppercase letters matches case-insensitively")
    func uppercaseRegisteredHost() throws {
        let detector = try RedirectDetector(returnURL: "https://Shop.Example.com/r")
        #expect(detector.classify("https://shop.example.COM/r?status=active").outcome == .succeeded)
        #expect(detector.classify("https://shop.example.com/R?status=active").outcome == .ignored)
    }

    @Test("Registered IPv6 literals compare case-insensitively but not across spellings")
    func ipv6Case() throws {
        let detector = try RedirectDetector(returnURL: "http://[FE80::AB]:9000/r")
        #expect(detector.classify("http://[fe80::ab]:9000/r?status=succeeded").outcome == .succeeded)
        #expect(detector.classify("http://[fe80:0::ab]:9000/r?status=succeeded").outcome == .ignored)
    }
}
