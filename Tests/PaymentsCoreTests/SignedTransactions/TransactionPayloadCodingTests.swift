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
        #expect(object["webOrderLineItemId"] as? String == "1000000000000042")
        #expect(object["offerDiscountType"] as? String == "FREE_TRIAL")
        #expect(object["offerPeriod"] as? String == "P1W")
        #expect(object["isUpgraded"] as? Bool == true)
        #expect(object["transactionReason"] as? String == "RENEWAL")
        #expect(object["appTransactionId"] as? String == "acct_000007")
    }

    /// Payloads for the hand-written path: everything set, nothing optional set, text that is not
    /// ASCII, and text the encoder escapes (which must fall back to the encoder).
    static let variants: [TransactionPayload] = {
        let full = SignedTransactionsFixtures.payload()
        var revoked = full
        revoked.revocationDate = SignedTransactionsFixtures.now
        revoked.revocationReason = .appIssue
        let bare = TransactionPayload(
            transactionId: "t_000001", originalTransactionId: "t_000001", bundleId: "dev.kiosk/app", productId: "points.500",
            purchaseDate: Date(timeIntervalSince1970: -86_400.5), originalPurchaseDate: Date(timeIntervalSince1970: 0),
            environment: .sandbox, storefront: "FRA", storefrontId: "143442", price: 0, currency: "EUR",
            type: .consumable, quantity: 3, signedDate: Date(timeIntervalSince1970: 1_795_262_400))
        var unicode = bare
        unicode.offerIdentifier = "été 残高 \u{2028}"
        var quoted = bare
        quoted.offerIdentifier = "say \"hi\"\n"
        var backslash = bare
        backslash.productId = "a\\b"
        var notUpgraded = bare
        notUpgraded.isUpgraded = false
        notUpgraded.offerType = .winBack
        notUpgraded.environment = .production
        return [full, revoked, bare, unicode, quoted, backslash, notUpgraded]
    }()

    @Test("the hand-written payload bytes are the encoder's, or the encoder writes them", arguments: variants)
    func handWrittenMatchesTheEncoder(payload: TransactionPayload) throws {
        let encoded = try TransactionJSONCoding.makeEncoder().encode(payload)
        #expect(try TransactionSigningAuthority.encode(payload) == encoded)
        if let handWritten = TransactionPayloadJSON.encode(payload) {
            #expect(String(decoding: handWritten, as: UTF8.self) == String(decoding: encoded, as: UTF8.self))
        } else {
            #expect(payload.offerIdentifier?.contains("\"") == true || payload.productId.contains("\\"))
        }
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
        #expect(TransactionEnvironment.allCases.map(\.rawValue) == ["Sandbox", "Production", "Xcode", "LocalTesting"])
        #expect(TransactionOfferType.allCases.map(\.rawValue) == [1, 2, 3, 4])
        #expect(TransactionReason.allCases.map(\.rawValue) == ["PURCHASE", "RENEWAL"])
        #expect(TransactionOfferDiscountType.allCases.map(\.rawValue) == ["FREE_TRIAL", "PAY_AS_YOU_GO", "PAY_UP_FRONT", "ONE_TIME"])
    }
}
