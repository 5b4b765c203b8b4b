import PaymentsCore

/// Checkout sessions the redirect tests classify against.
///
/// The stateful sessions share one state and use distinct endpoints, so a URL that is genuine
/// for one of them is foreign to all others; the attack corpus relies on that.
enum RedirectSessionFixture: String, CaseIterable, Sendable {
    static let state = "st_8f3k2Q"

    /// Dodo on a loopback callback server, the desktop-app setup.
    case loopback
    /// Dodo on a public host with a registered query item.
    case shop
    /// Stripe Checkout with `{CHECKOUT_SESSION_ID}` and the state embedded in both URLs.
    case stripe
    /// An internationalized host.
    case idn
    /// An IPv6 loopback callback server.
    case ipv6
    /// No state and no cancel URL.
    case stateless
    /// Registered with an explicit default port.
    case explicitPort
    /// Registered without a path.
    case rootPath

    /// The sessions whose endpoints all require the state: attacks must fail against each.
    static let stateful: [RedirectSessionFixture] = [.loopback, .shop, .stripe, .idn, .ipv6]

    func makeDetector() throws -> RedirectDetector {
        switch self {
        case .loopback:
            return try RedirectDetector(
                returnURL: "http://127.0.0.1:8765/checkout/return",
                cancelURL: "http://127.0.0.1:8765/checkout/cancel",
                state: Self.state
            )
        case .shop:
            return try RedirectDetector(
                returnURL: "https://shop.example.com/checkout/return?ref=kiosk",
                cancelURL: "https://shop.example.com/cancel",
                state: Self.state
            )
        case .stripe:
            return try RedirectDetector(
                returnURL: "https://shop.example.com/stripe/success?session_id={CHECKOUT_SESSION_ID}&state=st_8f3k2Q",
                cancelURL: "https://shop.example.com/stripe/cancel?state=st_8f3k2Q"
            )
        case .idn:
            return try RedirectDetector(returnURL: "https://bücher.example/return", state: Self.state)
        case .ipv6:
            return try RedirectDetector(returnURL: "http://[::1]:8765/v6/return", state: Self.state)
        case .stateless:
            return try RedirectDetector(returnURL: "https://pay.example.org/return")
        case .explicitPort:
            return try RedirectDetector(returnURL: "http://example.net:80/r")
        case .rootPath:
            return try RedirectDetector(returnURL: "https://root.example")
        }
    }
}
