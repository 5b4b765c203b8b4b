import Foundation
import Testing
@testable import PaymentsCore
import Simulators

/// A card typed on the hosted (browser) page is the card already saved when the customer saved
/// it before (issue 41 item 9), and a failed charge removes only a card the page itself added.
@Suite struct HostedPageSavedCardTests {
    private static let visa = CardDetails(number: "4242424242424242", expiryMonth: 11, expiryYear: 2031, cvc: "987")
    /// Attaches, then every charge on it declines.
    private static let declinesOnCharge = CardDetails(number: "4000000000000341", expiryMonth: 11, expiryYear: 2031,
                                                      cvc: "987")

    @Test func theSameCardTwiceOnTheHostedPageIsOneSavedCard() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let provider = Self.provider(store)
        let first = try await Self.pay(provider, ada, "points.500", Self.visa, state: "first-session-state")
        guard case .paid = first else { Issue.record("first payment: \(first)"); return }
        let second = try await Self.pay(provider, ada, "points.500", Self.visa, state: "second-session-state")
        guard case .paid = second else { Issue.record("second payment: \(second)"); return }
        let methods = try await store.service.paymentMethods(accountID: ada.id)
        #expect(methods.count == 1)
        #expect(methods.map(\.last4) == ["4242"])
        #expect(try await store.service.invoices(accountID: ada.id, query: InvoiceQuery()).items.count == 2)
    }

    @Test func aSavedCardDeclinedOnTheHostedPageStaysSaved() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let saved = try await store.service.addCard(accountID: ada.id, card: Self.declinesOnCharge, makeDefault: true)
        let result = try await Self.pay(Self.provider(store), ada, "points.500", Self.declinesOnCharge,
                                        state: "declined-session-state")
        guard case .declined = result else { Issue.record("expected a decline: \(result)"); return }
        #expect(try await store.service.paymentMethods(accountID: ada.id).map(\.id) == [saved.id])
    }

    @Test func aNewCardDeclinedOnTheHostedPageIsRemoved() async throws {
        let store = try await CoreFixture()
        let ada = try await store.account(card: nil)
        let result = try await Self.pay(Self.provider(store), ada, "points.500", Self.declinesOnCharge,
                                        state: "declined-session-state")
        guard case .declined = result else { Issue.record("expected a decline: \(result)"); return }
        #expect(try await store.service.paymentMethods(accountID: ada.id).isEmpty)
    }

    private static func provider(_ store: CoreFixture) -> SimulatedCheckoutProvider {
        let books = DataDirectory(url: FileManager.default.temporaryDirectory
            .appendingPathComponent("kiosk-provider-\(UUID().uuidString)"))
        return SimulatedCheckoutProvider(directory: books, merchant: store.service,
                                         cardProcessor: store.service.cardProcessor, catalog: CoreFixture.catalog,
                                         clock: store.clock)
    }

    private static func pay(_ provider: SimulatedCheckoutProvider, _ account: Account, _ product: String,
                            _ card: CardDetails, state: String) async throws -> CheckoutPaymentResult {
        var generator = SystemRandomNumberGenerator()
        let session = try await provider.createCheckoutSession(
            NewCheckoutSession(accountID: account.id, productID: product, successURL: "http://127.0.0.1:9/return",
                               cancelURL: "http://127.0.0.1:9/cancel", state: state),
            using: &generator)
        return try await provider.payCheckoutSession(session.id, card: card)
    }
}
