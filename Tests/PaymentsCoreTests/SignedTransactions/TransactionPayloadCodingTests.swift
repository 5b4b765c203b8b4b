import Foundation
import Testing

@testable import PaymentsCore

@Suite("Transaction payload coding")
struct TransactionPayloadCodingTests {
    @Test("encodes App Store field names, integer millisecond dates and raw enum values")
    func wireFormat() throws {
        let payload = SignedTransactionsFixtures.payload()
        let data = try TransactionJSONCoding.makeEncoder().encode(payload)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])

        #expect(object["transactionId"] as? String == "2000000123456789")
        #expect(object["signedDate"] as? Int64 == 1_795_262_400_000)
        #expect(object["purchaseDate"] as? Int64 == 1_795_262_339_877)
        #expect(object["price"] as? Int64 == 499)
        #expect(object["currency"] as? String == "USD")
        #expect(object["type"] as? String == "Auto-Renewable Subscription")
        #expect(object["environment"] as? String == "LocalTesting")
        #expect(object["inAppOwnershipType"] as? String == "PURCHASED")
        #expect(object["offerType"] as? Int == 1)
        #expect(object["storefront"] as? String == "USA")
        #expect(object["revocationDate"] == nil)
    }

    @Test("decoding the encoded form gives back an equal payload, sub-millisecond input included")
    func roundTrip() throws {
        var payload = SignedTransactionsFixtures.payload()
        payload.revocationDate = SignedTransactionsFixtures.now
        payload.revocationReason = .appIssue
        let data = try TransactionJSONCoding.makeEncoder().encode(payload)
        #expect(try TransactionJSONCoding.makeDecoder().decode(TransactionPayload.self, from: data) == payload)
    }

    @Test("the initializer rounds dates to whole milliseconds")
    func millisecondPrecision() {
        let payload = TransactionPayload(
            transactionId: "1", originalTransactionId: "1", bundleId: "b", productId: "p",
            purchaseDate: Date(timeIntervalSince1970: 1.0004), originalPurchaseDate: Date(timeIntervalSince1970: 2),
            environment: .sandbox, storefront: "FRA", storefrontId: "143442", price: 1_099, currency: "EUR",
            type: .consumable, quantity: 3, signedDate: Date(timeIntervalSince1970: 2.0006)
        )
        #expect(payload.purchaseDate == Date(timeIntervalSince1970: 1))
        #expect(payload.signedDate == Date(timeIntervalSince1970: 2.001))
        #expect(payload.inAppOwnershipType == .purchased)
    }

    @Test("fractional millisecond dates in a payload are refused")
    func fractionalDatesRejected() throws {
        let json = try SignedTransactionsFixtures.payloadJSON(SignedTransactionsFixtures.payload())
            .replacingOccurrences(of: "\"signedDate\":1795262400000", with: "\"signedDate\":1795262400000.5")
        #expect(throws: DecodingError.self) {
            try TransactionJSONCoding.makeDecoder().decode(TransactionPayload.self, from: Data(json.utf8))
        }
    }

    @Test("product type and environment use the App Store spellings")
    func spellings() {
        #expect(TransactionProductType.allCases.map(\.rawValue) == [
            "Auto-Renewable Subscription", "Non-Consumable", "Consumable", "Non-Renewing Subscription",
        ])
        #expect(TransactionEnvironment.sandbox.rawValue == "Sandbox")
        #expect(TransactionOfferType.offerCode.rawValue == 3)
    }
}
