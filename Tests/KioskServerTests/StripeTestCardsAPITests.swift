import Foundation
import Testing
import TestSupport

/// Every card of Stripe's testing page through the customer API, as a storefront client uses it:
/// save the card (with a postal code, so the postal-code checks run), then buy with it. The
/// outcome each card must have is the page's, transcribed in `StripeTestingPageFixture`.
@Suite(.serialized, .timeLimit(.minutes(10))) struct StripeTestCardsAPITests {
    @Test func everyCardOnTheTestingPageBehavesAsDocumentedThroughTheAPI() async throws {
        let fixture = try await ServerFixture.start()
        defer { Task { await fixture.stop() } }
        for (index, row) in StripeTestingPageFixture.rows.enumerated() {
            let customer = try await fixture.customerKey("card\(index)")
            let cvc = row.brand == "amex" ? "1234" : "123"
            let saved = try await fixture.raw(
                "POST", "/v1/payment-methods", key: customer.key,
                body: #"{"number":"\#(row.number)","exp_month":12,"exp_year":2030,"cvc":"\#(cvc)","postal_code":"94107"}"#)
            let parts = row.outcome.split(separator: ":").map(String.init)
            if saved.status == 402 {
                #expect(parts[0] == "decline", "\(row.number) refused when saved: \(saved.body)")
                #expect(parts.count == 2 && saved.body.contains("\"\(parts[1])\""), "\(row.number): \(saved.body)")
                continue
            }
            #expect(saved.status == 201, "\(row.number) not saved: \(saved.status) \(saved.body)")
            guard saved.status == 201 else { continue }
            let bought = try await fixture.raw("POST", "/v1/purchases", key: customer.key,
                                               body: #"{"product_id":"themes.lifetime"}"#)
            let outcome = try Self.field("outcome", in: bought.body)
            switch parts[0] {
            case "ok":
                #expect(outcome == "purchased", "\(row.number): \(bought.body)")
            case "decline":
                #expect(outcome != "purchased", "\(row.number): \(bought.body)")
                #expect(bought.body.contains("\"\(parts[1])\""), "\(row.number): \(bought.body)")
            case "3ds", "3ds-decline":
                #expect(outcome == "requires_action", "\(row.number): \(bought.body)")
            default:
                Issue.record("unknown outcome \(row.outcome)")
            }
        }
    }

    /// A top-level string of a JSON object answer, or nil (a problem answer has no `outcome`).
    private static func field(_ name: String, in body: String) throws -> String? {
        let object = try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]
        return object?[name] as? String
    }
}
