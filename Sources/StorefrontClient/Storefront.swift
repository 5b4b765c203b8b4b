import PaymentsCore

/// Every storefront client, for the app shell that hands each screen the few it uses.
///
/// Screens never see `PaymentsService` itself: tests start from `Storefront()` (every call
/// throws `UnstubbedCall` naming it) and stub only the calls a flow should make, so an
/// unexpected call surfaces as an error state.
public struct Storefront: Sendable {
    public var accounts = AccountsClient()
    public var purchases = PurchasesClient()
    public var plans = PlansClient()
    public var wallet = WalletClient()
    public var billing = BillingClient()
    public var feed = FeedClient()
    public var testControls = TestControlsClient()
    /// Hosted checkout in a browser; served by a separate checkout server.
    public var hostedCheckout = HostedCheckoutClient.failing

    public init() {}

    /// Every call goes to `service`, or to `appStore` for the App Store's own (its purchase sheet
    /// and ask to buy), plan changes and refunds through a `StoreKitRouter`, the QA inbox to both
    /// through a `TestControlDesk`; who is signed in is this client's own session, its token kept
    /// by `session`. Hosted checkout has no server here unless one is passed, and the settings'
    /// webhook controls steer `checkoutProvider`'s deliveries when there is one.
    public static func live(_ service: any PaymentsService, appStore: any AppStoreService,
                            session: SessionTokenKeeper = .inMemory(),
                            hostedCheckout: HostedCheckoutClient = .unavailable,
                            checkoutProvider: (any HostedCheckoutService)? = nil) -> Storefront {
        let router = StoreKitRouter(merchant: service, appStore: appStore)
        var storefront = Storefront()
        storefront.accounts = .live(service, session: session)
        storefront.purchases = .live(service, appStore: appStore)
        storefront.plans = .live(service, router: router)
        storefront.wallet = .live(service)
        storefront.billing = .live(service, router: router)
        storefront.feed = .live(service)
        storefront.testControls = .live(service, desk: TestControlDesk(merchant: service, appStore: appStore),
                                        checkoutProvider: checkoutProvider)
        storefront.hostedCheckout = hostedCheckout
        return storefront
    }
}

/// A client call a test did not stub: its message names the call so a failing test says which.
public struct UnstubbedCall: Error, Hashable, Sendable, CustomStringConvertible {
    public let name: String

    public init(_ name: String) { self.name = name }

    public var description: String { "Unstubbed client call: \(name)" }
}
