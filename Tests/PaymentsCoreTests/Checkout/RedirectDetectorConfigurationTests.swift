import PaymentsCore
import Testing

@Suite("Redirect detector configuration")
struct RedirectDetectorConfigurationTests {
    static let invalidConfigurations: [(String, String?, String?, RedirectConfigurationError)] = [
        ("", nil, nil, .malformedURL(.returnURL, .emptyURL)),
        ("/checkout/return", nil, nil, .malformedURL(.returnURL, .missingScheme)),
        ("kiosk://return", nil, nil, .malformedURL(.returnURL, .unsupportedScheme)),
        ("HTTPS://shop.example.com/r", nil, nil, .malformedURL(.returnURL, .nonCanonicalScheme)),
        ("https://user@shop.example.com/r", nil, nil, .malformedURL(.returnURL, .userinfoPresent)),
        ("http://127.1:8765/r", nil, nil, .malformedURL(.returnURL, .nonCanonicalIPAddress)),
        ("https://shop.example.com:0/r", nil, nil, .malformedURL(.returnURL, .invalidPort)),
        ("https://shop.example.com/r", "https://shop.example.com/c\\", nil, .malformedURL(.cancelURL, .backslash)),
        ("https://shop.example.com/r#done", nil, nil, .fragmentNotAllowed(.returnURL)),
        ("https://shop.example.com/r?a=1&a=2", nil, nil, .duplicateQueryParameter(.returnURL, name: "a")),
        ("https://shop.example.com/r?status=succeeded", nil, nil, .reservedQueryParameter(.returnURL, name: "status")),
        ("https://shop.example.com/r?payment_id=p", nil, nil, .reservedQueryParameter(.returnURL, name: "payment_id")),
        ("https://shop.example.com/r?session_id=cs_1", nil, nil, .reservedQueryParameter(.returnURL, name: "session_id")),
        ("https://shop.example.com/r", "https://shop.example.com/c?subscription_id=s", nil,
         .reservedQueryParameter(.cancelURL, name: "subscription_id")),
        ("https://shop.example.com/r", "https://shop.example.com/c?session_id={CHECKOUT_SESSION_ID}", nil,
         .misplacedSessionTemplate(.cancelURL)),
        ("https://shop.example.com/r?a={CHECKOUT_SESSION_ID}&b={CHECKOUT_SESSION_ID}", nil, nil,
         .misplacedSessionTemplate(.returnURL)),
        ("https://shop.example.com/r?status={CHECKOUT_SESSION_ID}", nil, nil, .misplacedSessionTemplate(.returnURL)),
        ("https://shop.example.com/r?state={CHECKOUT_SESSION_ID}", nil, nil, .misplacedSessionTemplate(.returnURL)),
        ("https://shop.example.com/r?x=1", "https://SHOP.example.com:443/r?y=2", nil, .indistinguishableEndpoints),
        ("https://shop.example.com/r", nil, "", .invalidState),
        ("https://shop.example.com/r", nil, "has space", .invalidState),
        ("https://shop.example.com/r", nil, String(repeating: "s", count: 257), .invalidState),
        ("https://shop.example.com/r?state=bad%20state", nil, nil, .invalidState),
        ("https://shop.example.com/r?state=one", nil, "two", .conflictingState),
        ("https://shop.example.com/r?state=one", "https://shop.example.com/c?state=two", nil, .conflictingState),
    ]

    @Test("Invalid configurations throw a typed error", arguments: invalidConfigurations)
    func invalidConfiguration(returnURL: String, cancelURL: String?, state: String?, expected: RedirectConfigurationError) {
        #expect(throws: expected) {
            try RedirectDetector(returnURL: returnURL, cancelURL: cancelURL, state: state)
        }
    }

    @Test("Configuration errors explain themselves")
    func errorDescription() {
        let error = RedirectConfigurationError.malformedURL(.cancelURL, .userinfoPresent)
        #expect(error.description == "cancel_url is not a valid http(s) URL: userinfo_present")
    }

    @Test("A state embedded in the return URL protects the cancel URL too")
    func embeddedStateAppliesToBothEndpoints() throws {
        let detector = try RedirectDetector(
            returnURL: "https://shop.example.com/r?state=abc",
            cancelURL: "https://shop.example.com/c"
        )
        #expect(detector.classify("https://shop.example.com/c").reason == .missingState)
        #expect(detector.classify("https://shop.example.com/c?state=abc").outcome == .cancelled)
        #expect(detector.classify("https://shop.example.com/r?state=abd&status=succeeded").reason == .stateMismatch)
    }

    @Test("The same state may be both passed in and embedded")
    func matchingExplicitAndEmbeddedState() throws {
        let detector = try RedirectDetector(returnURL: "https://shop.example.com/r?state=abc", state: "abc")
        #expect(detector.classify("https://shop.example.com/r?state=abc&status=succeeded").outcome == .succeeded)
    }
}
