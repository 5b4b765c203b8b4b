import Foundation

/// A transaction payload's JSON, written without `JSONEncoder` in the common case.
///
/// Every purchase and renewal stores the payload its token will carry, and `JSONEncoder` was the
/// largest cost left in a renewal (BENCHMARKS.md). The bytes written here are exactly what
/// `TransactionJSONCoding.makeEncoder()` writes (keys sorted, integer milliseconds, slashes not
/// escaped), checked against the encoder in tests, so a token says the same whichever path wrote
/// it. A payload with a string that needs escaping, or a date out of range, returns nil and goes
/// through the encoder.
enum TransactionPayloadJSON {
    static func encode(_ payload: TransactionPayload) -> Data? {
        var json = "{"
        json.reserveCapacity(640)
        func field(_ key: String, _ value: String) {
            if json.utf8.count > 1 { json += "," }
            json += "\""
            json += key
            json += "\":"
            json += value
        }
        func text(_ key: String, _ value: String?) -> Bool {
            guard let value else { return true }
            guard isPlain(value) else { return false }
            field(key, "\"" + value + "\"")
            return true
        }
        func date(_ key: String, _ value: Date?) -> Bool {
            guard let value else { return true }
            guard let milliseconds = value.millisecondsSince1970 else { return false }
            field(key, String(milliseconds))
            return true
        }
        func number(_ key: String, _ value: Int64?) {
            if let value { field(key, String(value)) }
        }
        func flag(_ key: String, _ value: Bool?) {
            if let value { field(key, value ? "true" : "false") }
        }
        // In the encoder's sorted order.
        guard text("appAccountToken", payload.appAccountToken?.uuidString),
              text("appTransactionId", payload.appTransactionId),
              text("bundleId", payload.bundleId),
              text("currency", payload.currency),
              text("environment", payload.environment.rawValue),
              date("expiresDate", payload.expiresDate),
              text("inAppOwnershipType", payload.inAppOwnershipType.rawValue) else { return nil }
        flag("isUpgraded", payload.isUpgraded)
        guard text("offerDiscountType", payload.offerDiscountType?.rawValue),
              text("offerIdentifier", payload.offerIdentifier),
              text("offerPeriod", payload.offerPeriod) else { return nil }
        number("offerType", payload.offerType.map { Int64($0.rawValue) })
        guard date("originalPurchaseDate", payload.originalPurchaseDate),
              text("originalTransactionId", payload.originalTransactionId) else { return nil }
        number("price", payload.price)
        guard text("productId", payload.productId),
              date("purchaseDate", payload.purchaseDate) else { return nil }
        number("quantity", Int64(payload.quantity))
        guard date("revocationDate", payload.revocationDate) else { return nil }
        number("revocationReason", payload.revocationReason.map { Int64($0.rawValue) })
        guard date("signedDate", payload.signedDate),
              text("storefront", payload.storefront),
              text("storefrontId", payload.storefrontId),
              text("subscriptionGroupIdentifier", payload.subscriptionGroupIdentifier),
              text("transactionId", payload.transactionId),
              text("transactionReason", payload.transactionReason?.rawValue),
              text("type", payload.type.rawValue),
              text("webOrderLineItemId", payload.webOrderLineItemId) else { return nil }
        json += "}"
        return Data(json.utf8)
    }

    /// Text JSON carries between quotes as it is: no quote, backslash or control character.
    private static func isPlain(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") }
    }
}
