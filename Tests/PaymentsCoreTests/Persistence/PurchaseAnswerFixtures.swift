import Foundation
@testable import PaymentsCore

/// Outcomes the service really answers, and the decoder a replay reads them with.
extension PurchaseAnswerJSONTests {
    /// Reads a stored answer as a replay does. The engine's lookup finds a transaction's token by
    /// the payload bytes the answer carried; this one makes the unsigned token of those bytes,
    /// which is equal to the answer's own token exactly when the bytes are the same.
    static func decode(_ text: String) throws -> PurchaseOutcome {
        let decoder = JSONDecoder()
        decoder.userInfo[TransactionTokenLookup.userInfoKey] = TransactionTokenLookup { id, payload in
            guard let payload else { throw FixtureError.missing("the payload text of transaction \(id)") }
            return TransactionToken(encodedPayload: payload) { _ in "never signed in these tests" }
        }
        return try decoder.decode(PurchaseOutcome.self, from: Data(text.utf8))
    }

    /// Every kind of product, intro offer, offer code and currency, a 3-D Secure purchase
    /// completed, and the two answers that are not purchases (a decline and a pending action), last.
    static func realOutcomes() async throws -> [PurchaseOutcome] {
        let store = try await CoreFixture()
        let service = store.service
        func purchase(_ account: Account, _ product: String, code: String? = nil) async throws -> PurchaseOutcome {
            try await service.purchase(PurchaseRequest(accountID: account.id, productID: product, offerCode: code))
        }
        var outcomes: [PurchaseOutcome] = []
        let ada = try await store.account("ada")
        for product in ["points.500", "themes", "pass", "pass", "pro.monthly"] {
            outcomes.append(try await purchase(ada, product))
        }
        outcomes.append(try await purchase(ada, "points.500", code: "HALF"))
        outcomes.append(try await purchase(try await store.account("bob"), "max.monthly"))
        outcomes.append(try await purchase(try await store.account("cy"), "max.yearly"))
        outcomes.append(try await purchase(try await store.account("dee"), "pro.yearly", code: "HALF"))
        outcomes.append(try await purchase(try await store.account("eve"), "themes", code: "FIVE"))
        let kenji = try await service.createAccount(NewAccount(email: "k@example.jp", name: "Kenji", currency: .jpy))
        _ = try await service.addPaymentMethod(accountID: kenji.id, NewPaymentMethod(
            token: "tok_k", brand: "jcb", last4: "0000", expMonth: 1, expYear: 2030))
        outcomes.append(try await purchase(kenji, "pro.yearly"))
        let secure = try await store.account("fay", card: .requiresAuthentication(offSessionSucceeds: true))
        guard case let .requiresAction(action) = try await purchase(secure, "themes") else {
            throw FixtureError.missing("a pending 3-D Secure action")
        }
        outcomes.append(try await service.completeAuthentication(pendingID: action.id, approved: true))
        let declining = try await store.account("gus", card: .declines(DeclineReason(
            code: "insufficient_funds", message: "Your card has insufficient funds.")))
        outcomes.append(try await purchase(declining, "pro.yearly"))
        let pending = try await store.account("hal", card: .requiresAuthentication(offSessionSucceeds: false))
        outcomes.append(try await purchase(pending, "pass"))
        return outcomes
    }

    /// A real subscription receipt with every optional property set.
    static func fullReceipt() async throws -> PurchaseReceipt {
        let store = try await CoreFixture()
        var receipt = try await store.buy(try await store.account(), "pro.monthly")
        let later = CoreFixture.start.addingTimeInterval(86_400.5)
        receipt.invoice.failureCode = "card_declined"
        receipt.invoice.refundOf = "INV-000001"
        receipt.invoice.subscriptionID = receipt.invoice.subscriptionID ?? "sub_1"
        receipt.invoice.productID = receipt.invoice.productID ?? "pro.monthly"
        receipt.invoice.paymentMethod = PaymentMethodSummary(brand: "visa", last4: "4242")
        receipt.invoice.lines[0].periodStart = CoreFixture.start
        receipt.invoice.lines[0].periodEnd = later
        guard var subscription = receipt.subscription else { throw FixtureError.missing("subscription") }
        subscription.pendingProductID = "pro.yearly"
        subscription.expirationReason = .billingError
        subscription.revocationDate = later
        subscription.revocationReason = .refunded
        subscription.billingIssueDetectedAt = later
        subscription.unsubscribeDetectedAt = later
        subscription.gracePeriodEndsAt = later
        subscription.billingRetryEndsAt = later
        subscription.paymentMethodID = "pm_1"
        subscription.cancellationReason = .tooExpensive
        receipt.subscription = subscription
        receipt.entitlements = ["premium", "themes"]
        return receipt
    }

    /// The stored properties' names: the keys the synthesized `Codable` conformance writes.
    static func labels(of value: Any) -> Set<String> {
        Set(Mirror(reflecting: value).children.compactMap(\.label))
    }
}
