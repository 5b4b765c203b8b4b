import Foundation
import KioskScreens
import KioskViewModels
import PaymentsCore
import StorefrontClient
import TerminalUI

extension ScreenDriver {
    /// Signs in, opens the store and continues with its default package (Pro Yearly, 99.99 USD
    /// a year, no intro offer) into the checkout.
    func openCheckout(withCard: Bool = false) async throws {
        try await signIn(withCard: withCard)
        await launch()
        await send(.app(.paywall(.continueTapped)))
    }

    /// Types a card into the form, field by field with Tab, as a person would, clearing what a
    /// field held first (Ctrl-U); ends on the postal code.
    func typeCard(_ number: String, expiry: String = "12/34", cvc: String = "123", name: String = "Ada Lovelace",
                  postalCode: String = "94103") async {
        for (index, text) in [number, expiry, cvc, name, postalCode].enumerated() {
            if index > 0 { await press(.tab) }
            await press(.end, .control("u"))
            await type(text)
        }
    }

    var checkoutStatus: CheckoutStatus? { state.app.checkout?.status }
}

/// A hosted checkout whose browser answers only when the test says so: the session is created
/// at once, and `awaitOutcome` waits for `finish(with:)`, so the waiting screen can be looked at.
final class BrowserCheckoutStub: Sendable {
    let session = HostedCheckoutSession(id: "cs_test_1", url: "http://127.0.0.1:8099/checkout/cs_test_1?token=abcdefghijklmnopqrstuvwxyz0123456789",
                                        expiresAt: Date(timeIntervalSince1970: 1_767_229_200))
    private let outcomes: AsyncStream<HostedCheckoutOutcome>
    private let continuation: AsyncStream<HostedCheckoutOutcome>.Continuation

    init() {
        (outcomes, continuation) = AsyncStream.makeStream()
    }

    func finish(with outcome: HostedCheckoutOutcome) {
        continuation.yield(outcome)
        continuation.finish()
    }

    var client: HostedCheckoutClient {
        let session = session
        let outcomes = outcomes
        var client = HostedCheckoutClient(
            createSession: { _ in session },
            awaitOutcome: { _ in
                for await outcome in outcomes { return outcome }
                return .expired
            },
            session: { _ in session },
            abandon: { _ in .cancelled })
        client.copyToClipboard = { _ in }
        return client
    }
}
